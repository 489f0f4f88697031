import { CalendarX, Clock, Globe, type LucideIcon, ShieldExclamationPoint, Sparkles, Wallet } from "lucide-react";
import { type MemberName, nameOf } from "@/components/dashboard/layout-math";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/card";
import { joinAnd } from "@/lib/format";
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

/** Where the group disagrees, most severe first, each with concrete ways to resolve it. */
export function ConflictList({
  conflicts,
  members,
  showAttribution,
}: {
  conflicts: Conflict[];
  members: MemberName[];
  showAttribution: boolean;
}) {
  if (conflicts.length === 0) {
    return (
      <EmptyState title="No conflicts — the group agrees on everything so far">
        New conflicts show up here as more members answer.
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3">
      {conflicts.map((conflict) => {
        const { label, icon: Icon } = KINDS[conflict.kind];
        const severity = SEVERITY[conflict.severity];
        // Who asked for which constraint is the organizer's to know (DESIGN.md "Identity and authorization");
        // detectConflicts never writes names into constraint texts, so only the "Involves" line is withheld.
        const hidden = conflict.kind === "constraints" && !showAttribution;
        const involved = hidden ? [] : conflict.memberIds.map((id) => nameOf(members, id));
        return (
          <li
            key={`${conflict.kind}:${conflict.summary}`}
            className={`rounded-xl border border-l-4 border-slate-200 bg-white p-4 ${severity.edge}`}
          >
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
      })}
    </ul>
  );
}
