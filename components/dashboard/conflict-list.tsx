"use client";

import {
  ArrowRight,
  CalendarX,
  Clock,
  Globe,
  type LucideIcon,
  ShieldExclamationPoint,
  Sparkles,
  Wallet,
} from "lucide-react";
import { askMemberToResolveAction, declineResolutionRequestAction } from "@/app/actions";
import { FixOutcome, useApplyFix } from "@/components/dashboard/apply-fix";
import { type MemberName, nameOf } from "@/components/dashboard/layout-math";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/card";
import type { ResolutionRequest } from "@/lib/db/queries/requests";
import { joinAnd } from "@/lib/format";
import type { Resolution } from "@/lib/resolutions";
import type { Conflict, Severity } from "@/lib/schemas/group-profile";

const KINDS: Record<Conflict["kind"], { label: string; icon: LucideIcon }> = {
  dates: { label: "Dates", icon: CalendarX },
  budget: { label: "Budget", icon: Wallet },
  "trip-length": { label: "Trip length", icon: Clock },
  scope: { label: "Domestic or abroad", icon: Globe },
  vibes: { label: "Vibes", icon: Sparkles },
  constraints: { label: "Hard constraints", icon: ShieldExclamationPoint },
};

const SEVERITY: Record<Severity, { tone: "danger" | "warning" | "neutral"; label: string; edge: string }> = {
  high: { tone: "danger", label: "High", edge: "border-l-red-600" },
  medium: { tone: "warning", label: "Medium", edge: "border-l-amber-500" },
  low: { tone: "neutral", label: "Low", edge: "border-l-slate-400" },
};

/**
 * Where the group disagrees, most severe first, each with concrete ways to resolve it. The
 * viewer's own fixes (changes to their own answers) can be applied here in one step, showing
 * the change before and after, and undone: the applied fix is kept above the list, because
 * the conflict it fixed leaves the list for everyone as soon as it is saved.
 */
export function ConflictList({
  tripId,
  conflicts,
  fixes,
  requests,
  askable,
  members,
  showAttribution,
  empty = "No conflicts — the group agrees on everything so far",
}: {
  tripId: string;
  conflicts: Conflict[];
  fixes: { resolutions: Resolution[]; answersVersion: number | null };
  /** The organizer's requests to look at a conflict (a member gets only their own). */
  requests: ResolutionRequest[];
  /** Organizer: whom "Ask" can ask about which conflict. */
  askable: { conflict: Conflict["kind"]; memberId: string }[];
  members: MemberName[];
  showAttribution: boolean;
  /** What the card says when it lists nothing (lib: `conflictsCard`); null: it lists something else. */
  empty?: string | null;
}) {
  const fixState = useApplyFix(tripId, fixes.answersVersion);
  const { apply, setError, pending, startTransition, router } = fixState;
  const ask = (memberId: string, conflict: Conflict["kind"]) =>
    startTransition(async () => {
      setError(null);
      const result = await askMemberToResolveAction({ tripId, memberId, conflict });
      // Done: the live channel brings the request to this page as to everyone's. Refused: read the page again.
      if (!result.ok) {
        setError(result.message);
        router.refresh();
      }
    });
  const decline = (conflict: Conflict["kind"]) =>
    startTransition(async () => {
      setError(null);
      const result = await declineResolutionRequestAction({ tripId, conflict });
      if (!result.ok) {
        setError(result.message);
        router.refresh();
      }
    });
  return (
    <div className="space-y-3">
      <FixOutcome state={fixState} />
      {conflicts.length === 0 ? (
        empty ? (
          <EmptyState title={empty}>New conflicts show up here as more members answer.</EmptyState>
        ) : null
      ) : (
        <ul className="space-y-3">
          {conflicts.map((conflict) => (
            <ConflictItem
              key={`${conflict.kind}:${conflict.summary}`}
              conflict={conflict}
              members={members}
              showAttribution={showAttribution}
              fixes={fixes.resolutions.filter((r) => r.conflict === conflict.kind)}
              requests={requests.filter((r) => r.conflict === conflict.kind)}
              askable={askable.filter((a) => a.conflict === conflict.kind).map((a) => a.memberId)}
              pending={pending}
              onApply={apply}
              onAsk={(memberId) => ask(memberId, conflict.kind)}
              onDecline={() => decline(conflict.kind)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ConflictItem({
  conflict,
  members,
  showAttribution,
  fixes,
  requests,
  askable,
  pending,
  onApply,
  onAsk,
  onDecline,
}: {
  conflict: Conflict;
  members: MemberName[];
  showAttribution: boolean;
  fixes: Resolution[];
  requests: ResolutionRequest[];
  askable: string[];
  pending: boolean;
  onApply: (fix: Resolution) => void;
  onAsk: (memberId: string) => void;
  onDecline: () => void;
}) {
  const { label, icon: Icon } = KINDS[conflict.kind];
  const severity = SEVERITY[conflict.severity];
  // Who asked for which constraint is the organizer's to know (DESIGN.md "Identity and authorization");
  // detectConflicts never writes names into constraint texts, so only the "Involves" line is withheld.
  const hidden = conflict.kind === "constraints" && !showAttribution;
  const involved = hidden ? [] : conflict.memberIds.map((id) => nameOf(members, id));
  return (
    <li className={`rounded-xl border border-l-4 border-slate-200 bg-white p-4 ${severity.edge}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className="size-4 text-slate-700" />
        <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
        <Badge tone={severity.tone}>
          {severity.label}
          <span className="sr-only"> severity</span>
        </Badge>
      </div>
      <p className="mt-2 text-sm text-slate-800">{conflict.summary}</p>
      {involved.length > 0 ? <p className="mt-1 text-xs text-slate-600">Involves {joinAnd(involved)}</p> : null}
      {!showAttribution && requests.some((r) => !r.declined) ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>The organizer asked you to look at this. Apply your part below, or decline.</p>
          <Button variant="ghost" disabled={pending} onClick={onDecline}>
            Decline
          </Button>
        </div>
      ) : null}
      {askable.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Ask someone to change</h4>
          <ul className="mt-1 flex flex-wrap gap-2">
            {askable.map((memberId) => {
              const name = nameOf(members, memberId);
              const request = requests.find((r) => r.memberId === memberId);
              return (
                <li key={memberId} className="flex items-center gap-2 text-sm text-slate-700">
                  {request && !request.declined ? (
                    <span>Asked {name}</span>
                  ) : (
                    <>
                      {request?.declined ? <span>{name} declined</span> : null}
                      <Button variant="secondary" disabled={pending} onClick={() => onAsk(memberId)}>
                        {request?.declined ? `Ask ${name} again` : `Ask ${name}`}
                      </Button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {fixes.length > 0 ? (
        <div className="mt-3 space-y-2">
          <h4 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Your part</h4>
          <ul className="space-y-2">
            {fixes.map((fix) => (
              <li key={fix.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3">
                <div className="min-w-0 text-sm text-slate-800">
                  <p className="font-medium">{fix.label}</p>
                  {fix.changes.map((c) => (
                    <p key={c.field} className="mt-0.5 text-xs text-slate-600">
                      {c.field}: {c.before} <ArrowRight aria-label="becomes" className="inline size-3" /> {c.after}
                    </p>
                  ))}
                </div>
                <Button
                  variant="secondary"
                  disabled={pending}
                  aria-busy={pending}
                  aria-label={`Apply: ${fix.label}`}
                  onClick={() => onApply(fix)}
                >
                  Apply
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {conflict.suggestedResolutions.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">How to fix</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {conflict.suggestedResolutions.map((resolution) => (
              <li key={resolution}>{resolution}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
