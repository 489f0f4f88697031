import type { TripStatus } from "@/lib/db/schema";
import { joinAnd, plural } from "@/lib/format";
import type { Resolution } from "@/lib/resolutions";
import type { Conflict } from "@/lib/schemas/group-profile";

/**
 * What the viewer has to do now, most urgent first, derived from the trip's state (nothing
 * stored): the top of every member's dashboard. The organizer's version adds who the group
 * is waiting on. Pure, so each rule is pinned by a hand-written example.
 */

export type TurnItem = {
  /** Stable per kind of step (the e2e tests and React keys use it). */
  id: string;
  title: string;
  detail: string | null;
  href: string;
  action: string;
  /** The viewer's own one-step fix, applied from the to-do itself (the conflicts card's Apply). */
  fix?: Resolution;
  /** Its title or detail quotes what a member typed (a must-have): the assistant reads them wrapped as untrusted. */
  quotesMember?: true;
};

/**
 * Something else waiting on the viewer that another part of the product works out (e.g. a
 * must-have the plan could not honour): placed among the rest by `after`, the id of the kind
 * of step it follows (default: after the plan to review).
 */
export type ExtraTurnItem = TurnItem & { after?: TurnKind };

export type YourTurn = {
  /** Steps only the viewer can take. */
  mine: TurnItem[];
  /** Organizer: who the next step waits on ("Waiting on Sam and Leo to answer"). Null for members. */
  waitingOn: string | null;
};

export type YourTurnInput = {
  tripId: string;
  status: TripStatus;
  viewer: { memberId: string; isOrganizer: boolean; hasResponded: boolean };
  members: { id: string; name: string; responded: boolean }[];
  /** The organizer's requests that still stand (declined ones and ones answered by a change are left out). */
  requests: { memberId: string; conflict: Conflict["kind"]; declined: boolean }[];
  recommendations: {
    running: boolean;
    /** A complete set of ideas is on the page. */
    ready: boolean;
    votingOpen: boolean;
    myVote: string | null;
    /** Organizer: who hasn't voted yet. */
    notVoted: string[] | null;
  };
  plan: {
    datesConfirmed: boolean;
    exists: boolean;
    running: boolean;
    /** Organizer: open flags and suggestions on the current version. */
    openFeedback: number;
  };
  /** The conflicts as the viewer sees them (their dashboard's list). */
  conflicts?: Pick<Conflict, "kind" | "severity" | "summary">[];
  /** The viewer's own fixes, one step each (lib/resolutions.ts). */
  fixes?: Resolution[];
  /** Anything else waiting on the viewer, worked out elsewhere. */
  extra?: ExtraTurnItem[];
};

/** The kinds of step, most urgent first: the order the to-do lists them in. */
const ORDER = [
  "fix",
  "request",
  "answer",
  "invite",
  "vote",
  "settle",
  "generate",
  "choose",
  "dates",
  "plan",
  "feedback",
  "look",
  "extra",
  "finalize",
  "final",
] as const;
export type TurnKind = (typeof ORDER)[number];
/** With few people in, the organizer's first job is asking the rest. */
const FEW_MEMBERS = 3;

/**
 * Whether inviting is the organizer's job right now: while the group is still choosing and
 * fewer than three people are in (the organizer alone included). The to-do's "Invite" step
 * and the dashboard's full-width invite block both follow it, so they come and go together.
 */
export function inviteIsPressing({ status, memberCount }: { status: TripStatus; memberCount: number }): boolean {
  return (status === "collecting" || status === "recommending") && memberCount < FEW_MEMBERS;
}

const CONFLICT_NAMES: Record<Conflict["kind"], string> = {
  dates: "dates",
  budget: "budget",
  "trip-length": "trip length",
  scope: "where to go (home or abroad)",
  vibes: "vibes",
  constraints: "needs",
};

export function yourTurn(input: YourTurnInput): YourTurn {
  const { tripId, status, viewer, recommendations: recs, plan } = input;
  const dashboard = `/trips/${tripId}`;
  const planPage = `/trips/${tripId}/plan`;
  const ranked: { kind: TurnKind; item: TurnItem }[] = [];
  const mine = {
    push(item: TurnItem) {
      const kind = ORDER.find((k) => item.id === k || item.id.startsWith(`${k}-`)) ?? "extra";
      ranked.push({ kind, item });
    },
  };
  const choosing = status === "collecting" || status === "recommending";
  const conflicts = input.conflicts ?? [];

  // Their own part in a conflict, with the fix inline: only while the group is still choosing.
  const fixes = choosing ? (input.fixes ?? []) : [];
  for (const fix of fixes) {
    const conflict = conflicts.find((c) => c.kind === fix.conflict);
    const asked = input.requests.some(
      (r) => r.memberId === viewer.memberId && r.conflict === fix.conflict && !r.declined,
    );
    mine.push({
      id: `fix-${fix.id}`,
      title: `Your part in the ${CONFLICT_NAMES[fix.conflict]} conflict: ${fix.label}`,
      detail: [asked ? "The organizer asked you to look at it." : null, conflict?.summary ?? null]
        .filter(Boolean)
        .join(" "),
      href: `${dashboard}#card-conflicts`,
      action: "See the conflict",
      fix,
    });
  }

  if (!viewer.hasResponded && status !== "finalized") {
    mine.push({
      id: "answer",
      title: "Add your preferences",
      detail: "Dates, budget and what you'd love or can't do: the ideas are only as good as everyone's answers.",
      href: `${dashboard}/preferences`,
      action: "Answer now",
    });
  }
  for (const request of input.requests) {
    if (request.memberId !== viewer.memberId || request.declined) continue;
    // Already in the to-do with its fix.
    if (fixes.some((f) => f.conflict === request.conflict)) continue;
    mine.push({
      id: `request-${request.conflict}`,
      title: `The organizer asked you to look at the ${CONFLICT_NAMES[request.conflict]} conflict`,
      detail: "A change to your own answers could solve it; you can also say no.",
      href: `${dashboard}#card-conflicts`,
      action: "See the conflict",
    });
  }
  if (choosing && recs.ready && recs.votingOpen && recs.myVote === null && !recs.running) {
    mine.push({
      id: "vote",
      title: "Vote for a destination",
      detail: "The ideas are in. Your vote helps the organizer choose.",
      href: `${dashboard}#card-destination-ideas`,
      action: "See the ideas",
    });
  }

  if (viewer.isOrganizer) {
    const others = input.members.filter((m) => m.id !== viewer.memberId);
    if (inviteIsPressing({ status, memberCount: input.members.length })) {
      mine.push({
        id: "invite",
        title:
          others.length === 0
            ? "Invite your group"
            : `Invite the rest of the group (${input.members.length} in so far)`,
        detail: "Send them the invite link: the ideas need everyone's answers.",
        href: `${dashboard}#card-invite-the-group`,
        action: "Get the link",
      });
    }
    const high = conflicts.filter((c) => c.severity === "high");
    const idle = choosing && !recs.ready && !recs.running;
    if (idle && high.length > 0 && others.length > 0) {
      mine.push({
        id: "settle",
        title: `Settle ${plural(high.length, "high conflict")} before getting ideas`,
        detail: joinAnd(high.map((c) => c.summary)),
        href: `${dashboard}#card-conflicts`,
        action: "See the conflicts",
      });
    } else if (idle && others.length > 0 && input.members.some((m) => m.responded)) {
      mine.push({
        id: "generate",
        title: "Get destination ideas",
        detail: "Generate 3–5 places that respect everyone's hard constraints.",
        href: `${dashboard}#card-destination-ideas`,
        action: "Go to the ideas",
      });
    }
    if (choosing && recs.ready && recs.votingOpen && !recs.running) {
      mine.push({
        id: "choose",
        title: "Choose a destination",
        detail: "When the votes are in, pick one and the day-by-day plan starts.",
        href: `${dashboard}#card-destination-ideas`,
        action: "See the votes",
      });
    }
    if (status === "planning" && !plan.running) {
      if (!plan.datesConfirmed) {
        mine.push({
          id: "dates",
          title: "Confirm the dates and plan the days",
          detail: null,
          href: planPage,
          action: "Go to the plan",
        });
      } else if (!plan.exists) {
        mine.push({ id: "plan", title: "Plan the days", detail: null, href: planPage, action: "Go to the plan" });
      } else if (plan.openFeedback > 0) {
        mine.push({
          id: "feedback",
          title: `${plural(plan.openFeedback, "flag or suggestion", "flags and suggestions")} wait on the plan`,
          detail: "Regenerate with them, or change the plan by hand.",
          href: planPage,
          action: "Go to the plan",
        });
      } else {
        mine.push({
          id: "finalize",
          title: "Finalize the plan when the group is happy",
          detail: "Then share a read-only page anyone can open, print or add to a calendar.",
          href: planPage,
          action: "Go to the plan",
        });
      }
    }
  } else if (status === "planning" && plan.exists && !plan.running) {
    mine.push({
      id: "look",
      title: "The plan is ready to look at",
      detail: "See each day and what it costs you; flag anything that doesn't work for you.",
      href: planPage,
      action: "Go to the plan",
    });
  }
  if (status === "finalized") {
    mine.push({
      id: "final",
      title: "The final plan is ready",
      detail: "Read it, add it to your calendar or print it.",
      href: planPage,
      action: "Go to the plan",
    });
  }

  for (const item of input.extra ?? []) {
    const { after, ...rest } = item;
    const at = after ? ORDER.indexOf(after) : ORDER.indexOf("extra");
    ranked.push({ kind: ORDER[Math.min(at + (after ? 1 : 0), ORDER.length - 1)] ?? "extra", item: rest });
  }
  // Most urgent first; the same kind keeps the order it was found in (the sort is stable).
  const ordered = ranked
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || a.i - b.i)
    .map((r) => r.item);

  let waitingOn: string | null = null;
  if (viewer.isOrganizer) {
    const notAnswered = input.members.filter((m) => !m.responded && m.id !== viewer.memberId).map((m) => m.name);
    if (choosing && recs.ready && recs.votingOpen && recs.notVoted && recs.notVoted.length > 0) {
      waitingOn = `Waiting on ${joinAnd(recs.notVoted)} to vote.`;
    } else if (choosing && notAnswered.length > 0) {
      waitingOn = `Waiting on ${joinAnd(notAnswered)} to answer.`;
    }
  }
  return { mine: ordered, waitingOn };
}

/** A must-have as the viewer sees it against the plan (lib/views/itinerary.ts `MustHaveView`). */
export type MustHaveSeen =
  | { mustHave: string; status: "in-plan"; whose: string | null }
  | { mustHave: string; status: "not-honoured"; whose: string | null; why: string; wouldHelp: string };

/**
 * The viewer's own must-haves the plan could not honour, each a step in their to-do while the
 * plan is being made (after "look at the plan"): why, and what would make it possible. Another
 * member's must-have is theirs to follow up, not the viewer's.
 */
export function mustHaveTurns(tripId: string, status: TripStatus, mustHaves: MustHaveSeen[]): ExtraTurnItem[] {
  if (status !== "planning") return [];
  return mustHaves.flatMap((m, i) =>
    m.whose === "you" && m.status === "not-honoured"
      ? [
          {
            id: `must-have-${i + 1}`,
            title: `Your must-have “${m.mustHave}” isn't in the plan`,
            detail: `${m.why} What would make it possible: ${m.wouldHelp}`,
            href: `/trips/${tripId}/plan`,
            action: "Go to the plan",
            after: "look" as const,
            quotesMember: true as const,
          },
        ]
      : [],
  );
}
