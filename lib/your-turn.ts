import type { TripStatus } from "@/lib/db/schema";
import { joinAnd, plural } from "@/lib/format";
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
};

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
};

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
  const mine: TurnItem[] = [];
  const choosing = status === "collecting" || status === "recommending";

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
    if (choosing && !recs.ready && !recs.running && input.members.some((m) => m.responded)) {
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

  let waitingOn: string | null = null;
  if (viewer.isOrganizer) {
    const notAnswered = input.members.filter((m) => !m.responded && m.id !== viewer.memberId).map((m) => m.name);
    if (choosing && recs.ready && recs.votingOpen && recs.notVoted && recs.notVoted.length > 0) {
      waitingOn = `Waiting on ${joinAnd(recs.notVoted)} to vote.`;
    } else if (choosing && notAnswered.length > 0) {
      waitingOn = `Waiting on ${joinAnd(notAnswered)} to answer.`;
    }
  }
  return { mine, waitingOn };
}
