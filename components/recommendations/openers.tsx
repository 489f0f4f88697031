import { KeyRound } from "lucide-react";
import { formatUsd, plural } from "@/lib/format";
import type { Opener } from "@/lib/schemas/recommendations";

/**
 * The single changes that would open the most places, most first, as the viewer may see
 * them: the organizer reads who and the figure ("If Ben's budget were $600: +3 places"),
 * a member their own ("If your budget were $600") and others' as the kind of change and how
 * many places it opens, never whose or how much (those arrive without `memberId`).
 */
export function openerText(o: Opener, viewerId: string, nameOf: (id: string) => string): string {
  const own = o.memberId === viewerId;
  const who = own ? "you" : o.memberId ? nameOf(o.memberId) : "someone";
  const whose = own ? "your" : o.memberId ? `${nameOf(o.memberId)}'s` : null;
  const change = (() => {
    switch (o.change) {
      case "budget":
        return whose && o.budget ? `If ${whose} budget were ${formatUsd(o.budget)}` : `If ${who} could spend more`;
      case "hard-no":
        return o.memberId && o.rule
          ? `If ${who} let go of ${own ? "your" : "the"} hard no “${o.rule}”`
          : `If ${who} let go of a hard no`;
      case "scope":
        return `If ${who} didn't mind home or abroad`;
      case "shorter":
        return `If ${who} could do 1 day less`;
      case "longer":
        return `If ${who} could do 1 more day`;
    }
  })();
  return `${change[0]?.toUpperCase()}${change.slice(1)}: +${plural(o.opens, "place")}`;
}

/** "Only 2 places fit …" and what would open more. */
export function fewFitHeadline(fit: number): string {
  return fit === 0
    ? "No place we know fits everyone's must-haves (needs, hard no's and hard budget caps)."
    : `Only ${plural(fit, "place")} ${fit === 1 ? "fits" : "fit"} everyone's must-haves (needs, hard no's and hard budget caps).`;
}

export function Openers({
  openers,
  viewerId,
  nameOf,
  id,
}: {
  openers: Opener[];
  viewerId: string;
  nameOf: (id: string) => string;
  /** Unique on the page (the dashboard shows the list twice: with the conflicts and the recommendations). */
  id: string;
}) {
  if (openers.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-brand-100 bg-brand-50 p-3">
      <h3 id={id} className="flex items-center gap-1 text-sm font-semibold text-slate-900">
        <KeyRound aria-hidden className="size-4" />
        What would open more places
      </h3>
      <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
        {openers.map((o) => (
          <li key={`${o.memberId ?? "someone"}:${o.change}:${o.rule ?? ""}:${o.slugs.join(",")}`}>
            {openerText(o, viewerId, nameOf)}
          </li>
        ))}
      </ol>
    </section>
  );
}
