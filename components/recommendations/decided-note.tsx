import { Gavel } from "lucide-react";
import { formatRange } from "@/lib/format";
import type { DecisionView } from "@/lib/schemas/decisions";

/** The dates decision, if the organizer made one. */
export function decidedDatesOf(decisions: DecisionView[]): { start: string; end: string } | null {
  const dates = decisions.find((d) => d.kind === "dates");
  return dates?.kind === "dates" ? { start: dates.start, end: dates.end } : null;
}

/**
 * The organizer's decisions in one line, where what they decide is used (the cards, the
 * plan's dates), so nobody reads "pending" after the question was settled.
 */
export function DecidedNote({ decisions }: { decisions: DecisionView[] }) {
  if (decisions.length === 0) return null;
  const parts = decisions.map((d) =>
    d.kind === "dates"
      ? `plan for ${formatRange(d.start, d.end)}`
      : d.scope === "domestic"
        ? "stay in our own countries"
        : "go abroad",
  );
  const by = [...new Set(decisions.map((d) => d.decidedBy))].join(" and ");
  return (
    <p className="flex items-start gap-2 rounded-xl border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900">
      <Gavel aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>Decided by {by}:</strong> {parts.join("; ")}.
      </span>
    </p>
  );
}
