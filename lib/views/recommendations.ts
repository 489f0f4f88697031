import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { listDecisions } from "@/lib/db/queries/decisions";
import { recordedFacts } from "@/lib/db/queries/destination-facts";
import { modelFlaggedTexts } from "@/lib/db/queries/held-back";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { latestRecommendations, listVotes } from "@/lib/db/queries/recommendations";
import { latestRun, listProgressEvents } from "@/lib/db/queries/runs";
import { factsFor } from "@/lib/facts";
import { beforeYouGoFor, type FlightSearch, type TravelerEssentials } from "@/lib/facts/essentials";
import { modelSpendUnavailable } from "@/lib/limits/budget";
import { type BudgetView, budgetView } from "@/lib/money/budget";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import { openersSeenBy } from "@/lib/planning/openers";
import type { DecisionView } from "@/lib/schemas/decisions";
import type { DecisionLogEntry, RunError, RunStatus } from "@/lib/schemas/pipeline";
import type { DestinationOption, RecommendationsPack } from "@/lib/schemas/recommendations";
import type { TimelineEntry } from "@/lib/schemas/trip-events";
import { screenAnswers } from "@/lib/screened-answers";
import { withoutConstraintAttribution } from "@/lib/views/dashboard";

/**
 * The recommendations part of the dashboard, as `caller` may see it: the latest run (its
 * timeline so far, rendered on the server so a reload mid-run shows what is already done,
 * or its error), the latest pack with votes, and whether the group's answers changed since
 * it was made. Timings, models and tokens are for operators (/status), not here.
 */

export interface VotingView {
  /** Closed once the organizer has chosen a destination. */
  open: boolean;
  voted: number;
  /** Everyone in the trip may vote. */
  members: number;
  /** Who hasn't voted yet: for the organizer (to nudge); null for members. */
  waitingOn: string[] | null;
}

export interface RecommendationsView {
  run: {
    id: string;
    status: RunStatus;
    error: RunError | null;
    timeline: TimelineEntry[];
    /**
     * While it runs: the cards written and checked so far, in the order they finished,
     * cut to what the viewer may see. The final list may still drop one (the slate-wide
     * checks run last).
     */
    early: { option: DestinationOption; othersStretched: number }[];
    /** The shortlist once the ranker has picked it (later cards show only if on it). */
    picks: string[] | null;
  } | null;
  current: {
    id: string;
    /** As this viewer may see it: members get their own costs only (see `packForViewer`). */
    pack: RecommendationsPack;
    decisionLog: DecisionLogEntry[];
    stale: boolean;
    votes: Record<string, number>;
    myVote: string | null;
    /** Per option: how many members other than the viewer go over their own budget (names and amounts are private). */
    othersStretched: Record<string, number>;
    voting: VotingView;
  } | null;
  selected: string | null;
  /** Budgets the viewer may see, to show costs against: their own, or everyone's for the organizer. */
  /** The viewer's own budget (everyone's for the organizer), in their own currency. */
  budgets: Record<string, BudgetView | null>;
  viewer: { memberId: string; isOrganizer: boolean };
  /**
   * Per card (by slug): where to stay and getting around, judged against the group's needs
   * in aggregate, and the viewer's own flight search (nobody else's home or link).
   */
  beforeYouGo: Record<string, { essentials: TravelerEssentials; flight: FlightSearch }>;
  /** Organizer: why Generate can't start now (rate limit, today's AI allowance) and from when. */
  modelRefusal: { reason: string; until: string } | null;
  /** The organizer's decisions on conflicts: they hold over cards made before them. */
  decisions: DecisionView[];
}

export async function loadRecommendationsView(caller: Caller): Promise<RecommendationsView> {
  const tripId = caller.trip.id;
  const [run, stored, raw, modelFlagged, modelRefusal, decisions] = await Promise.all([
    latestRun({ tripId, kinds: ["recommendations"] }),
    latestRecommendations({ tripId }),
    listMembersWithPreferences({ tripId }),
    modelFlaggedTexts({ tripId }),
    modelSpendUnavailable(caller),
    listDecisions({ tripId }),
  ]);
  // Names and needs shown here come from the screened answers; only the staleness check reads them as saved.
  const { members } = screenAnswers(raw, modelFlagged);
  const [timeline, votes] = await Promise.all([
    run?.status === "running" ? listProgressEvents({ runId: run.id }) : [],
    stored ? listVotes({ recommendationId: stored.id }) : [],
  ]);
  let current: RecommendationsView["current"] = null;
  if (stored) {
    const tally: Record<string, number> = {};
    for (const v of votes) tally[v.slug] = (tally[v.slug] ?? 0) + 1;
    const voters = new Set(votes.map((v) => v.memberId));
    const { pack, othersStretched } = packForViewer(stored.pack, {
      memberId: caller.member.id,
      isOrganizer: caller.isOrganizer,
    });
    current = {
      id: stored.id,
      pack,
      othersStretched,
      decisionLog: stored.decisionLog,
      stale: pack.preferencesFingerprint !== preferencesFingerprint(raw),
      votes: tally,
      myVote: votes.find((v) => v.memberId === caller.member.id)?.slug ?? null,
      voting: {
        open: caller.trip.selectedDestination === null,
        voted: members.filter((m) => voters.has(m.id)).length,
        members: members.length,
        waitingOn: caller.isOrganizer ? members.filter((m) => !voters.has(m.id)).map((m) => m.name) : null,
      },
    };
  }
  const budgets: RecommendationsView["budgets"] = {};
  for (const m of members) {
    if (!caller.isOrganizer && m.id !== caller.member.id) continue;
    const b = m.preferences?.budget ?? null;
    budgets[m.id] = budgetView(b);
  }
  const beforeYouGo: RecommendationsView["beforeYouGo"] = {};
  // A stored pack's cards read the facts recorded with it, and a place researched for the
  // group its own recorded facts (recorded as soon as research found them); a running run's
  // other early cards, the catalog it is reading now.
  const pack = stored?.pack.status === "ready" ? stored.pack : null;
  const storedCards = pack?.options ?? [];
  const cards = [...storedCards, ...timeline.flatMap((e) => (e.detail?.card ? [e.detail.card] : []))];
  const versioned = cards.flatMap((card, i) => {
    const version = card.researched?.factsVersion ?? (i < storedCards.length ? pack?.factsVersion : undefined);
    return version ? [{ slug: card.slug, version }] : [];
  });
  const recorded = new Map(
    await Promise.all(versioned.map(async (key) => [key.slug, (await recordedFacts(key))?.facts] as const)),
  );
  for (const card of cards) {
    // (recordedFacts already falls back to the catalog, so a miss here is an early card.)
    const facts = beforeYouGo[card.slug] ? undefined : (recorded.get(card.slug) ?? factsFor(card.slug));
    if (!facts) continue;
    beforeYouGo[card.slug] = beforeYouGoFor({
      facts,
      members,
      viewer: { memberId: caller.member.id },
      tripId,
      // Dates not everyone can make yet aren't put in a flight search.
      dates: card.trip.datesPending ? { start: null, end: null } : { start: card.trip.start, end: card.trip.end },
    });
  }
  // Every shortlist's picks: on Gemini a place researched for the run is picked in a second ranking.
  const shortlists = timeline.filter((e) => e.stage === "rank" && e.kind === "finished" && e.detail?.picks);
  const picks = shortlists.length ? [...new Set(shortlists.flatMap((e) => e.detail?.picks ?? []))] : null;
  const picked = new Set(picks ?? []);
  return {
    run: run
      ? {
          id: run.id,
          status: run.status,
          error: run.error ?? null,
          timeline: timeline.map(({ id, stepId, kind, stage, message }) => ({ id, stepId, kind, stage, message })),
          picks,
          early: timeline.flatMap(({ stage, kind, detail }) =>
            stage === "cards" &&
            (kind === "finished" || kind === "degraded") &&
            detail?.card &&
            // Only cards the shortlist picked (some are written before it decides).
            picked.has(detail.card.slug)
              ? [
                  {
                    option: optionForViewer(detail.card, {
                      memberId: caller.member.id,
                      isOrganizer: caller.isOrganizer,
                    }),
                    othersStretched: detail.card.impactedMemberIds.filter((id) => id !== caller.member.id).length,
                  },
                ]
              : [],
          ),
        }
      : null,
    current,
    selected: caller.trip.selectedRecommendationId === stored?.id ? caller.trip.selectedDestination : null,
    budgets,
    viewer: { memberId: caller.member.id, isOrganizer: caller.isOrganizer },
    beforeYouGo,
    modelRefusal,
    decisions,
  };
}

/**
 * The privacy model applied to a stored pack: the organizer sees everyone's costs and
 * whose constraint rules each place out; a member sees their own cost line by line,
 * the group's spread, how many others stretch (not who or by how much), and exclusions
 * and suggested places without other members' names or amounts.
 */
export function packForViewer(
  pack: RecommendationsPack,
  viewer: { memberId: string; isOrganizer: boolean },
): { pack: RecommendationsPack; othersStretched: Record<string, number> } {
  const othersStretched: Record<string, number> = {};
  for (const o of pack.options) {
    othersStretched[o.slug] = o.impactedMemberIds.filter((id) => id !== viewer.memberId).length;
  }
  if (viewer.isOrganizer) return { pack, othersStretched };
  const own = (ids: string[]) => ids.filter((id) => id === viewer.memberId);
  const base = withoutAttribution(pack, viewer.memberId);
  const redacted = {
    ...base,
    excluded: base.excluded.map((x) => ({
      ...x,
      reasons: x.reasons.map((r) =>
        r.memberId === viewer.memberId || r.memberId === null
          ? r
          : {
              memberId: null,
              rule: r.rule,
              detail: r.rule === "hard-cap" ? "over one member's hard budget cap" : r.detail,
            },
      ),
    })),
    unverifiedOriginIds: own(base.unverifiedOriginIds),
    // Another member's change is shown as its kind and what it opens: never whose, nor their figure or hard no.
    openers: openersSeenBy(base.openers ?? [], viewer.memberId),
    // Who suggested a place is for the organizer, like who needs what; a member sees their own.
    suggestions: base.suggestions.map((x) => ({ ...x, memberIds: own(x.memberIds) })),
  };
  const options = redacted.options.map((o) => optionForViewer(o, viewer));
  return { pack: { ...redacted, options } as RecommendationsPack, othersStretched };
}

/** One card as `viewer` may see it: a member their own cost and stretch, the organizer everyone's. */
export function optionForViewer(
  option: DestinationOption,
  viewer: { memberId: string; isOrganizer: boolean },
): DestinationOption {
  if (viewer.isOrganizer) return option;
  return {
    ...option,
    costs: option.costs.filter((c) => c.memberId === viewer.memberId),
    impactedMemberIds: option.impactedMemberIds.filter((id) => id === viewer.memberId),
    othersCapsUnchecked: option.costs.filter((c) => c.capUnverifiable && c.memberId !== viewer.memberId).length,
  };
}

/**
 * Members see the group's needs in aggregate; who asked for what is for the organizer.
 * Whose answers the risk guard withheld likewise: a member learns only about their own.
 */
function withoutAttribution(pack: RecommendationsPack, memberId: string): RecommendationsPack {
  return {
    ...pack,
    flaggedMemberIds: pack.flaggedMemberIds.filter((id) => id === memberId),
    conflictReport: {
      ...pack.conflictReport,
      conflicts: withoutConstraintAttribution(pack.conflictReport.conflicts),
    },
  };
}
