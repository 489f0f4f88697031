import { CheckCircle2, CircleAlert, CircleSlash, Search } from "lucide-react";
import { CONTEXT_KIND_LABELS } from "@/lib/schemas/context";

/**
 * A tool's result in the conversation, drawn as the product's own small pieces (a conflict,
 * an agreement, a plan day) instead of raw data. Everything is rendered as text: nothing a
 * tool returns becomes HTML, an image or a link.
 */

export type ToolView = {
  name: string;
  state: string;
  input?: Record<string, unknown>;
  output?: unknown;
};

/** Text a tool output carries for people: product words bare, people's words wrapped, held-back text left out. */
function words(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "untrusted_text" in value) return String(value.untrusted_text);
  return "(held back)";
}

const READ_LABELS: Record<string, string> = {
  readTrip: "Read the trip",
  readRecommendations: "Read the destination ideas",
  readConflicts: "Read the conflicts",
  readMyAnswers: "Read your answers",
  readPlan: "Read the plan",
  readAgreed: "Read what we've agreed",
  record_unmet_request: "Noted the request for the organizer",
};

export function ToolResult({ tool }: { tool: ToolView }) {
  const result = tool.output as { ok?: boolean; message?: string; data?: Record<string, unknown> } | undefined;
  if (tool.name === "complete_task") {
    const { summary, status } = (tool.input ?? {}) as { summary?: string; status?: string };
    const Icon = status === "success" ? CheckCircle2 : status === "partial" ? CircleAlert : CircleSlash;
    return (
      <p className="flex items-center gap-1 text-xs text-slate-500">
        <Icon aria-hidden className="size-3.5" />
        <span>
          {status === "success" ? "Done" : status === "partial" ? "Partly done" : "Not done"}: {summary}
        </span>
      </p>
    );
  }
  if (tool.state === "output-denied") {
    return <p className="text-xs text-slate-500">Declined: {tool.name.replaceAll("_", " ")}.</p>;
  }
  if (tool.state !== "output-available") {
    return (
      <p className="flex items-center gap-1 text-xs text-slate-500">
        <Search aria-hidden className="size-3.5" />
        Working: {READ_LABELS[tool.name] ?? tool.name.replaceAll("_", " ")}…
      </p>
    );
  }
  if (result && result.ok === false) {
    return <p className="text-xs text-red-700">Refused: {result.message}</p>;
  }
  const data = result?.data ?? {};
  if (tool.name === "readConflicts" && Array.isArray(data.conflicts)) {
    const conflicts = data.conflicts as { kind: string; severity: string; summary: unknown }[];
    return (
      <ul aria-label="Conflicts" className="space-y-1">
        {conflicts.map((c) => (
          <li
            key={`${c.kind}-${words(c.summary)}`}
            className="rounded-lg border border-amber-200 bg-amber-50 px-2 py-1 text-xs"
          >
            <span className="font-medium capitalize">{c.kind}</span>: {words(c.summary)}
          </li>
        ))}
      </ul>
    );
  }
  if (tool.name === "readAgreed" && Array.isArray(data.entries)) {
    const entries = data.entries as { entryId: string; kind: keyof typeof CONTEXT_KIND_LABELS; text: unknown }[];
    return (
      <ul aria-label="What we've agreed" className="space-y-1">
        {entries.map((e) => (
          <li key={e.entryId} className="rounded-lg border border-slate-200 bg-white px-2 py-1 text-xs">
            <span className="font-medium">{CONTEXT_KIND_LABELS[e.kind] ?? e.kind}</span>: {words(e.text)}
          </li>
        ))}
      </ul>
    );
  }
  const plan = data.plan as { days?: { day: number; title: unknown; items: { title: unknown }[] }[] } | null;
  if (tool.name === "readPlan" && plan && Array.isArray(plan.days)) {
    return (
      <ul aria-label="Plan days" className="space-y-1">
        {plan.days.slice(0, 7).map((d) => (
          <li key={d.day} className="rounded-lg border border-slate-200 bg-white px-2 py-1 text-xs">
            <span className="font-medium">
              Day {d.day}: {words(d.title)}
            </span>{" "}
            — {d.items.map((i) => words(i.title)).join(", ")}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p className="flex items-center gap-1 text-xs text-slate-500">
      <CheckCircle2 aria-hidden className="size-3.5" />
      {READ_LABELS[tool.name] ?? `Done: ${tool.name.replaceAll("_", " ")}`}
    </p>
  );
}
