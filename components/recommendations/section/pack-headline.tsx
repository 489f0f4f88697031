import { AlertTriangle, RefreshCw } from "lucide-react";
import { joinAnd } from "@/lib/format";
import type { RecommendationsView } from "@/lib/views/recommendations";
import { fewFitHeadline, Openers, openerText } from "../openers";

type Current = NonNullable<RecommendationsView["current"]>;

/** How many places fit everyone, when fewer than three do (0: the pack asks for changes instead); else null. */
export function fewFitOf(pack: Current["pack"]): number | null {
  const openers = pack.openers ?? [];
  if (pack.status === "ready") return pack.onlyFit ?? null;
  return openers.length > 0 && pack.options.length === 0 && pack.conflictReport.needsMoreInput ? 0 : null;
}

/**
 * Above the cards: a stale notice, the headline (when few places fit, the real blocker — the
 * change that opens the most), the openers, how sure the ideas are, and answers left out.
 */
export function PackHeadline({
  current,
  viewerId,
  isOrganizer,
  nameOf,
}: {
  current: Current;
  viewerId: string;
  isOrganizer: boolean;
  nameOf: (memberId: string) => string;
}) {
  const { pack } = current;
  const openers = pack.openers ?? [];
  const fewFit = fewFitOf(pack);
  return (
    <>
      {current.stale ? (
        <div className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <RefreshCw aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-medium">These recommendations are stale.</span> Someone's preferences changed after
            they were generated{isOrganizer ? "; regenerate to include the latest answers." : "."}
          </p>
        </div>
      ) : null}
      <div className="space-y-2">
        {fewFit !== null ? (
          <p className="text-sm font-medium text-slate-900">
            {fewFitHeadline(fewFit)}
            {openers[0] ? ` The real blocker — ${openerText(openers[0], viewerId, nameOf)}.` : ""}
          </p>
        ) : (
          <p className="text-sm text-slate-800">{pack.conflictReport.headline}</p>
        )}
        <Openers id="openers-pack" openers={openers} viewerId={viewerId} nameOf={nameOf} />
        {pack.coverage.missing.length ? (
          <details className="text-sm text-slate-600">
            <summary className="cursor-pointer">
              <span className="font-medium">Confidence: {pack.coverage.confidence}</span> — why
            </summary>
            <p className="mt-1">{pack.coverage.missing.join(". ")}.</p>
          </details>
        ) : null}
        {pack.flaggedMemberIds.length ? (
          <p className="flex items-start gap-1 text-xs text-amber-800">
            <AlertTriangle aria-hidden className="mt-0.5 size-3 shrink-0" />
            {isOrganizer
              ? `Some answers from ${joinAnd(pack.flaggedMemberIds.map(nameOf))} read like instructions to the AI, so we left them out of the planning (only you see who).`
              : "Some of your answers read like instructions to the AI, so we left them out of the planning. Rephrase them as preferences and they will count next time."}
          </p>
        ) : null}
      </div>
    </>
  );
}
