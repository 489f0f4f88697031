import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { listOpenFeedback } from "@/lib/db/queries/feedback";
import { latestRun } from "@/lib/db/queries/runs";
import type { DashboardView } from "@/lib/views/dashboard";
import { loadMustHaves } from "@/lib/views/itinerary";
import type { RecommendationsView } from "@/lib/views/recommendations";
import { mustHaveTurns, type YourTurnInput } from "@/lib/your-turn";

/**
 * What the viewer's to-do at the top of the dashboard is worked out from: what the page
 * already loaded plus the plan's state (the page's client part works it out, and again
 * from what the live channel says of the group and the votes).
 */
export async function loadYourTurn(
  caller: Caller,
  dashboard: Pick<DashboardView, "trip" | "viewer" | "members" | "requests" | "conflicts" | "fixes">,
  recommendations: RecommendationsView,
): Promise<YourTurnInput> {
  const planning = caller.trip.status === "planning";
  const [planRun, open, mustHaves] = await Promise.all([
    planning ? latestRun({ tripId: caller.trip.id, kinds: ["itinerary", "regenerate"] }) : null,
    planning && caller.isOrganizer ? listOpenFeedback({ tripId: caller.trip.id }) : [],
    planning ? loadMustHaves(caller) : [],
  ]);
  const current = recommendations.current;
  return {
    tripId: caller.trip.id,
    status: caller.trip.status,
    viewer: dashboard.viewer,
    members: dashboard.members,
    requests: dashboard.requests,
    conflicts: dashboard.conflicts,
    fixes: dashboard.fixes.resolutions,
    recommendations: {
      running: recommendations.run?.status === "running",
      ready: current?.pack.status === "ready" && current.pack.options.length > 0,
      votingOpen: current?.voting.open ?? false,
      myVote: current?.myVote ?? null,
      notVoted: current?.voting.waitingOn ?? null,
    },
    plan: {
      datesConfirmed: caller.trip.startDate !== null,
      exists: caller.trip.currentItineraryId !== null,
      running: planRun?.status === "running",
      openFeedback: open.length,
    },
    // A must-have of theirs the plan could not honour waits on the viewer too.
    extra: mustHaveTurns(caller.trip.id, caller.trip.status, mustHaves),
  };
}
