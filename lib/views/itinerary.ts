import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { suitsEveryone } from "@/lib/constraints/judge";
import { respondentConstraints } from "@/lib/constraints/member";
import { type MustHaveOutcome, mustHaveOutcomes } from "@/lib/constraints/must-haves";
import { listDecisions } from "@/lib/db/queries/decisions";
import { factsOfPlan, recordedFacts } from "@/lib/db/queries/destination-facts";
import { listFeedback } from "@/lib/db/queries/feedback";
import { modelFlaggedTexts } from "@/lib/db/queries/held-back";
import { currentItinerary, itineraryVersion, listItineraryVersions } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getRecommendation } from "@/lib/db/queries/recommendations";
import { latestRun, listProgressEvents } from "@/lib/db/queries/runs";
import { factsFor } from "@/lib/facts";
import { beforeYouGoFor, type FlightSearch, type TravelerEssentials } from "@/lib/facts/essentials";
import { diffItineraries, type ItineraryDiff } from "@/lib/itinerary-diff";
import { modelSpendUnavailable } from "@/lib/limits/budget";
import { type BudgetView, budgetView } from "@/lib/money/budget";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import { draftedDays } from "@/lib/planning/drafted-days";
import type { DecisionView } from "@/lib/schemas/decisions";
import {
  type FeedbackOutcome,
  type FlagReason,
  type Itinerary,
  type ItineraryDay,
  MAX_REGENERATIONS,
} from "@/lib/schemas/itinerary";
import type { RunError, RunStatus } from "@/lib/schemas/pipeline";
import { availableWindows } from "@/lib/schemas/preferences";
import type { TripShape } from "@/lib/schemas/recommendations";
import type { TimelineEntry } from "@/lib/schemas/trip-events";
import { heldBackReason, screenAnswers } from "@/lib/screened-answers";
import { organizerItemsOf, validateItinerary } from "@/lib/validation/itinerary";

/**
 * The plan page, as `caller` may see it (DESIGN.md "Identity and authorization"): the
 * trip's confirmed or proposed dates, the latest itinerary run, the current version with
 * each member's cost cut to what the viewer may see (their own, or everyone's for the
 * organizer), the versions and what changed, the group's flags and suggestions in place,
 * the regeneration count, and — for the organizer — what the group's latest answers now
 * break in the current plan.
 */

export type Budget = BudgetView | null;

export type FeedbackView = {
  id: string;
  kind: "flag" | "suggestion";
  memberId: string;
  memberName: string;
  mine: boolean;
  itemKey: string | null;
  reason: FlagReason | null;
  /** In the member's words, unless they read as instructions: then only their author gets them (empty for everyone else). */
  text: string;
  /** Why the text is held back (the author and the organizer are told; other members see none). */
  heldBack: string | null;
  suggestedActivityId: string | null;
  status: "open" | "applied" | "declined" | "withdrawn";
  outcome: FeedbackOutcome | null;
  itineraryVersion: number;
  /** A flag the organizer lifted: their reason, shown to everyone (null: not lifted by the organizer). */
  liftedByOrganizer: { reason: string } | null;
};

/** A must-have as the viewer may see it: whose only for the organizer and its owner (no member id). */
export type MustHaveView = DistributiveOmit<MustHaveOutcome, "memberId"> & { whose: string | null };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type ItineraryView = {
  trip: {
    id: string;
    status: Caller["trip"]["status"];
    destination: { slug: string; name: string; country: string } | null;
    dates: { start: string; end: string } | null;
  };
  viewer: { memberId: string; isOrganizer: boolean };
  members: { id: string; name: string }[];
  /** The dates the chosen card proposed (before the organizer confirms any). */
  proposal: Pick<TripShape, "start" | "end" | "nights" | "datesPending"> | null;
  /** Who can travel when: for the organizer's date picker (dates aren't private). */
  availability: { memberId: string; name: string; flexible: boolean; windows: { start: string; end: string }[] }[];
  /** The latest plan run, with its progress so far while it runs (server-rendered into the timeline). */
  run: {
    id: string;
    kind: "itinerary" | "regenerate";
    status: RunStatus;
    error: RunError | null;
    timeline: TimelineEntry[];
    /** Its days as drafted so far, before the checks (group-level, the same for everyone): while it runs. */
    drafted: ItineraryDay[];
  } | null;
  current: { version: number; source: string; itinerary: Itinerary; createdAt: string } | null;
  /** The version shown when an earlier one is asked for (read-only). */
  shown: { version: number; itinerary: Itinerary } | null;
  versions: { version: number; source: string; basedOnVersion: number | null; createdAt: string }[];
  diff: { from: number; to: number; changes: ItineraryDiff } | null;
  feedback: FeedbackView[];
  regenerations: { used: number; max: number };
  budgets: Record<string, Budget>;
  /** Destination activities that suit everyone and aren't in the plan: what a suggestion can pick from. */
  otherActivities: { id: string; title: string; area: string; costUsd: number }[];
  /** Organizer, when answers changed since the plan: what they now break in it (empty: nothing). */
  breaks: { message: string }[] | null;
  /** Organizer: why Generate / Regenerate can't start now (rate limit, today's AI allowance) and from when. */
  modelRefusal: { reason: string; until: string } | null;
  /** The organizer's decisions on conflicts (dates, domestic or abroad), for everyone. */
  decisions: DecisionView[];
  /** Someone's answers changed since the current plan was made. */
  stale: boolean;
  /**
   * Each member's must-haves against the current plan: in it (the items), or not honoured with
   * why and what would help. `whose`: the member's name for the organizer, "you" for the
   * viewer's own, null (a member's, anonymously) for everyone else.
   */
  mustHaves: MustHaveView[];
  /** The chosen destination's stay areas, transport and essentials (the group's needs in aggregate), and the viewer's own flight search. */
  beforeYouGo: { essentials: TravelerEssentials; flight: FlightSearch } | null;
};

export async function loadItineraryView(
  caller: Caller,
  { version }: { version?: number } = {},
): Promise<ItineraryView> {
  const tripId = caller.trip.id;
  const [raw, current, versions, feedback, run, chosen, modelFlagged, modelRefusal, decisions] = await Promise.all([
    listMembersWithPreferences({ tripId }),
    currentItinerary({ tripId }),
    listItineraryVersions({ tripId }),
    listFeedback({ tripId }),
    latestRun({ tripId, kinds: ["itinerary", "regenerate"] }),
    caller.trip.selectedRecommendationId
      ? getRecommendation({ recommendationId: caller.trip.selectedRecommendationId })
      : null,
    modelFlaggedTexts({ tripId }),
    modelSpendUnavailable(caller),
    listDecisions({ tripId }),
  ]);
  // Names, needs and what the answers break come from the screened answers; only staleness reads them as saved.
  const { members } = screenAnswers(raw, modelFlagged);
  const slug = caller.trip.selectedDestination;
  // The facts the current plan was made with (recorded with it); before there is one, those the
  // chosen card was made with (a place researched for the group), else the catalog's.
  const researched = chosen?.pack.options.find((o) => o.slug === slug)?.researched;
  const facts = await (async () => {
    if (current) return (await factsOfPlan(current.itinerary))?.facts;
    if (slug && researched) return (await recordedFacts({ slug, version: researched.factsVersion }))?.facts;
    return slug ? factsFor(slug) : undefined;
  })();
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? "Someone";
  const see = (plan: Itinerary) => itineraryForViewer(plan, caller);

  const timeline = run?.status === "running" ? await listProgressEvents({ runId: run.id }) : [];
  const asked = version && version !== current?.version ? await itineraryVersion({ tripId, version }) : null;
  const previous = current?.basedOnVersion ? await itineraryVersion({ tripId, version: current.basedOnVersion }) : null;
  const option = chosen?.pack.options.find((o) => o.slug === slug);

  const inPlan = new Set(current?.itinerary.days.flatMap((d) => d.items.map((i) => i.activityId)) ?? []);
  const everyone = respondentConstraints(members);
  const budgets: ItineraryView["budgets"] = {};
  for (const m of members) {
    if (!caller.isOrganizer && m.id !== caller.member.id) continue;
    const b = m.preferences?.budget ?? null;
    budgets[m.id] = budgetView(b);
  }

  const stale = current ? current.itinerary.preferencesFingerprint !== preferencesFingerprint(raw) : false;
  let breaks: ItineraryView["breaks"] = null;
  if (caller.isOrganizer && stale && current && facts && caller.trip.startDate && caller.trip.endDate) {
    // The plan judged against the answers as they are now (the validator is the same one that gated it).
    breaks = validateItinerary(current.itinerary, {
      members: members.map(({ id, name, preferences }) => ({ id, name, preferences })),
      facts,
      dates: { start: caller.trip.startDate, end: caller.trip.endDate },
      plannedOn: "0000-01-01",
      feedback: [],
      organizerItems: organizerItemsOf(current.itinerary),
    })
      .filter((v) => ["hard-constraint", "hard-cap", "dates", "pace"].includes(v.rule))
      .map((v) => ({ message: v.message }));
  }

  // The flight search uses the confirmed dates only (the page says "dates to be confirmed" until then).
  const dates =
    caller.trip.startDate && caller.trip.endDate ? { start: caller.trip.startDate, end: caller.trip.endDate } : null;
  return {
    trip: {
      id: tripId,
      status: caller.trip.status,
      destination: facts ? { slug: facts.slug, name: facts.name, country: facts.country } : null,
      dates:
        caller.trip.startDate && caller.trip.endDate
          ? { start: caller.trip.startDate, end: caller.trip.endDate }
          : null,
    },
    viewer: { memberId: caller.member.id, isOrganizer: caller.isOrganizer },
    members: members.map((m) => ({ id: m.id, name: m.name })),
    proposal: option
      ? {
          start: option.trip.start,
          end: option.trip.end,
          nights: option.trip.nights,
          datesPending: option.trip.datesPending,
        }
      : null,
    availability: caller.isOrganizer
      ? members.flatMap((m) =>
          m.preferences
            ? [
                {
                  memberId: m.id,
                  name: m.name,
                  flexible: m.preferences.dates.flexible,
                  windows: availableWindows(m.preferences.dates),
                },
              ]
            : [],
        )
      : [],
    run:
      run && (run.kind === "itinerary" || run.kind === "regenerate")
        ? {
            id: run.id,
            kind: run.kind,
            status: run.status,
            error: run.error ?? null,
            timeline: timeline.map(({ id, stepId, kind, stage, message }) => ({ id, stepId, kind, stage, message })),
            drafted: draftedDays(timeline),
          }
        : null,
    current: current
      ? {
          version: current.version,
          source: current.source,
          itinerary: see(current.itinerary),
          createdAt: current.createdAt.toISOString(),
        }
      : null,
    shown: asked ? { version: asked.version, itinerary: see(asked.itinerary) } : null,
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    diff:
      current && previous
        ? {
            from: previous.version,
            to: current.version,
            changes: diffFor(previous.itinerary, current.itinerary, caller),
          }
        : null,
    feedback: feedback.map((f) => {
      const mine = f.memberId === caller.member.id;
      const heldBack = heldBackReason(f.text);
      return {
        id: f.id,
        kind: f.kind,
        memberId: f.memberId,
        memberName: nameOf(f.memberId),
        mine,
        itemKey: f.itemKey,
        reason: f.reason,
        text: heldBack && !mine ? "" : f.text,
        heldBack: heldBack && (mine || caller.isOrganizer) ? heldBack : null,
        suggestedActivityId: f.suggestedActivityId,
        status: f.status,
        outcome: f.outcome ?? null,
        itineraryVersion: f.itineraryVersion,
        liftedByOrganizer: f.liftedBy && f.liftReason ? { reason: f.liftReason } : null,
      };
    }),
    regenerations: { used: caller.trip.regenerations, max: MAX_REGENERATIONS },
    budgets,
    otherActivities: facts
      ? facts.activities
          .filter((a) => !inPlan.has(a.id) && suitsEveryone(a, everyone))
          .map((a) => ({ id: a.id, title: a.title, area: a.area, costUsd: a.costUsd }))
      : [],
    breaks,
    modelRefusal,
    decisions,
    stale,
    mustHaves:
      current && facts
        ? viewerMustHaves(caller, { members, plan: current.itinerary, facts, feedback, everyone, nameOf })
        : [],
    beforeYouGo: facts
      ? beforeYouGoFor({ facts, members, viewer: { memberId: caller.member.id }, tripId, dates })
      : null,
  };
}

/**
 * Each member's must-haves against the plan, as `caller` may see them (in the plan, or not
 * honoured with why): `whose` is "you" for the viewer's own, the member's name for the
 * organizer, null for everyone else.
 */
function viewerMustHaves(
  caller: Caller,
  input: {
    members: { id: string; preferences: { mustHaves?: string[] } | null }[];
    plan: Itinerary;
    facts: NonNullable<Awaited<ReturnType<typeof factsFor>>>;
    feedback: { kind: string; itemKey: string | null; status: string }[];
    everyone: ReturnType<typeof respondentConstraints>;
    nameOf: (id: string) => string;
  },
): MustHaveView[] {
  const { facts, everyone } = input;
  return mustHaveOutcomes({
    placeName: facts.name,
    members: input.members.map((m) => ({ id: m.id, mustHaves: m.preferences?.mustHaves ?? [] })),
    days: input.plan.days,
    activities: facts.activities,
    suitsEveryone: (a) => {
      const known = facts.activities.find((x) => x.id === a.id);
      return known ? suitsEveryone(known, everyone) : false;
    },
    flagged: (a) =>
      input.feedback.some(
        (f) => f.kind === "flag" && f.itemKey === `a:${a.id}` && (f.status === "open" || f.status === "applied"),
      ),
  }).map(({ memberId, ...o }) => ({
    ...o,
    whose: memberId === caller.member.id ? "you" : caller.isOrganizer ? input.nameOf(memberId) : null,
  }));
}

/** The viewer's must-haves against the current plan (none before there is one): for their to-do. */
export async function loadMustHaves(caller: Caller): Promise<MustHaveView[]> {
  const tripId = caller.trip.id;
  const current = await currentItinerary({ tripId });
  if (!current) return [];
  const [raw, feedback, modelFlagged, recorded] = await Promise.all([
    listMembersWithPreferences({ tripId }),
    listFeedback({ tripId }),
    modelFlaggedTexts({ tripId }),
    factsOfPlan(current.itinerary),
  ]);
  if (!recorded) return [];
  const { members } = screenAnswers(raw, modelFlagged);
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? "Someone";
  return viewerMustHaves(caller, {
    members,
    plan: current.itinerary,
    facts: recorded.facts,
    feedback,
    everyone: respondentConstraints(members),
    nameOf,
  });
}

/** The plan as the viewer may see it: each member sees their own cost and way back under budget; the organizer everyone's. */
export function itineraryForViewer(
  plan: Itinerary,
  viewer: { member: { id: string }; isOrganizer: boolean },
): Itinerary {
  if (viewer.isOrganizer) return plan;
  const mine = (id: string) => id === viewer.member.id;
  return {
    ...plan,
    costs: plan.costs.filter((c) => mine(c.memberId)),
    impactedMemberIds: plan.impactedMemberIds.filter(mine),
    stretches: plan.stretches.filter((s) => mine(s.memberId)),
  };
}

function diffFor(before: Itinerary, after: Itinerary, caller: Caller): ItineraryDiff {
  const changes = diffItineraries(before, after);
  return caller.isOrganizer
    ? changes
    : { ...changes, costs: changes.costs.filter((c) => c.memberId === caller.member.id) };
}
