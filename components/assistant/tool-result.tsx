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

const READ_LABELS: Record<string, string> = {
  read_trip: "Read the trip",
  read_conflicts: "Read the conflicts",
  read_my_answers: "Read your answers",
  read_plan: "Read the plan",
  read_agreed: "Read what we've agreed",
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
  if (tool.name === "read_conflicts" && Array.isArray(data.conflicts)) {
    const conflicts = data.conflicts as { kind: string; severity: string; summary: string }[];
    return (
      <ul aria-label="Conflicts" className="space-y-1">
        {conflicts.map((c) => (
          <li
            key={`${c.kind}-${c.summary}`}
            className="rounded-lg border border-amber-200 bg-amber-50 px-2 py-1 text-xs"
          >
            <span className="font-medium capitalize">{c.kind}</span>: {c.summary}
          </li>
        ))}
      </ul>
    );
  }
  if (tool.name === "read_agreed" && Array.isArray(data.entries)) {
    const entries = data.entries as { id: string; kind: keyof typeof CONTEXT_KIND_LABELS; text: string }[];
    return (
      <ul aria-label="What we've agreed" className="space-y-1">
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-200 bg-white px-2 py-1 text-xs">
            <span className="font-medium">{CONTEXT_KIND_LABELS[e.kind] ?? e.kind}</span>: {e.text}
          </li>
        ))}
      </ul>
    );
  }
  if (tool.name === "read_plan" && Array.isArray(data.days)) {
    const days = data.days as { date: string; items: string[] }[];
    return (
      <ul aria-label="Plan days" className="space-y-1">
        {days.slice(0, 7).map((d) => (
          <li key={d.date} className="rounded-lg border border-slate-200 bg-white px-2 py-1 text-xs">
            <span className="font-medium">{d.date}</span>: {d.items.join(", ")}
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
