import { tasteOf } from "@/lib/agents/candidate-generator";
import { CATALOG_VERSION } from "@/lib/catalog/destinations";
import { formatRange, joinAnd } from "@/lib/format";
import { tripFrame } from "@/lib/planning/trip-shape";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { NormalizedPreferences, PipelineState } from "@/lib/schemas/pipeline";
import type { ConflictReport, Coverage, RecommendationsPack } from "@/lib/schemas/recommendations";

/** Pieces every pack carries, whatever its status. */

/** How much of the group the recommendations rest on, and what is missing, in plain words. */
export function coverageOf(profile: GroupProfile, normalized: NormalizedPreferences[]): Coverage {
  const name = (id: string) => profile.members.find((m) => m.id === id)?.name ?? "Someone";
  const missing: string[] = [];
  if (profile.pendingIds.length) {
    missing.push(
      `${joinAnd(profile.pendingIds.map(name))} ${profile.pendingIds.length === 1 ? "hasn't" : "haven't"} answered yet`,
    );
  }
  if (profile.budget.status === "flexible") missing.push("Nobody set a budget, so costs are a guide only");
  const decided = profile.dates.decided;
  if (decided) {
    if (decided.missingIds.length)
      missing.push(
        `The organizer decided on ${formatRange(decided.start, decided.end)}: ${joinAnd(decided.missingIds.map(name))} can't make all of it`,
      );
  } else if (["none", "partial"].includes(profile.dates.status))
    missing.push("The group hasn't found dates that work for everyone");
  const vague = normalized.filter((n) => n.confidence === "low").map((n) => name(n.memberId));
  if (vague.length) missing.push(`${joinAnd(vague)} gave few specifics`);
  const share = profile.members.length ? profile.respondedIds.length / profile.members.length : 0;
  const confidence = share === 1 && vague.length === 0 ? "high" : share >= 0.5 ? "medium" : "low";
  return {
    confidence,
    respondedIds: profile.respondedIds,
    pendingIds: profile.pendingIds,
    missing,
  };
}

export function packBase(
  state: Pick<
    PipelineState,
    "tripContext" | "groupProfile" | "normalizedPreferences" | "conflictReport" | "safetyFlags"
  > &
    Partial<Pick<PipelineState, "exclusions" | "candidates" | "suggestions">>,
  now: Date,
): Omit<RecommendationsPack, "status" | "options" | "explanation"> {
  const frame = tripFrame(state.groupProfile, state.tripContext.today);
  return {
    conflictReport: state.conflictReport,
    coverage: coverageOf(state.groupProfile, state.normalizedPreferences),
    preferencesFingerprint: state.tripContext.preferencesFingerprint,
    generatedAt: now.toISOString(),
    flaggedMemberIds: [...new Set(state.safetyFlags.map((f) => f.memberId))],
    excluded: state.exclusions ?? [],
    suggestions: state.suggestions ?? [],
    unverifiedOriginIds: [
      ...new Set((state.candidates ?? []).flatMap((c) => c.costs.filter((x) => !x.verified).map((x) => x.memberId))),
    ],
    factsVersion: CATALOG_VERSION,
    frame: { window: frame.window, minDays: frame.minDays, maxDays: frame.maxDays, datesPending: frame.datesPending },
    plannedOn: state.tripContext.today,
    taste: (({ liked, disliked }) => ({ liked, disliked: [...disliked.keys()] }))(tasteOf(state.normalizedPreferences)),
    openers: [],
  };
}

export function needsMoreInput(
  base: ReturnType<typeof packBase>,
  explanation: string,
  extraQuestions: ConflictReport["questions"] = [],
): RecommendationsPack {
  return {
    ...base,
    conflictReport: {
      ...base.conflictReport,
      needsMoreInput: true,
      questions: [...base.conflictReport.questions, ...extraQuestions],
    },
    status: "needs_more_input",
    options: [],
    explanation,
  };
}
