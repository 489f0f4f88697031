import type { LiveMessage, TripEventKind } from "@/lib/schemas/trip-events";

/**
 * When an open page must be read again on the server, and when the live channel's payload
 * is enough (pure: the page's listener and the group-watching bench share it). A page is
 * rendered again on a resync, a change of the trip's stage, the end of a run whose results
 * it shows, or a kind no client part of it owns yet; never for a run's progress or a vote,
 * and the dashboard never for a join, a save or erase of answers, or a request.
 */

export type RunKind = "recommendations" | "itinerary" | "regenerate";

/**
 * The pages that listen: each shows some kinds of change and not others. The organizer's
 * plan page also counts open feedback into its Regenerate button, so it re-reads on a flag.
 */
export type LivePage = "dashboard" | "plan" | "organizer-plan" | "costs";

/** Kinds a page shows nothing of: it neither re-renders nor stores them. */
export const IGNORED: Record<LivePage, ReadonlySet<TripEventKind>> = {
  dashboard: new Set(["itinerary.version", "feedback.changed"]),
  plan: new Set(["vote.changed", "costs.changed"]),
  "organizer-plan": new Set(["vote.changed", "costs.changed"]),
  // The Costs page's board takes a change of costs from the channel; its list of expenses reads the page again.
  costs: new Set(["vote.changed", "feedback.changed", "run.progress"]),
};
/** Run kinds whose results a page shows: when one ends, the page reads them (one render per run). */
const RUN_RESULTS: Record<LivePage, ReadonlySet<RunKind>> = {
  dashboard: new Set(["recommendations"]),
  plan: new Set(["itinerary", "regenerate"]),
  "organizer-plan": new Set(["itinerary", "regenerate"]),
  costs: new Set(["itinerary", "regenerate"]),
};

/**
 * Whether `message`, once in the store (`taken`: it carried what its kind should), also
 * needs the page read again on the server. `runKind`: the kind of the run it is about, if known.
 */
export function needsRender(
  page: LivePage,
  message: LiveMessage,
  taken: boolean,
  runKind: (runId: string) => RunKind | null,
): boolean {
  if (IGNORED[page].has(message.kind)) return false;
  if (!taken) return true;
  switch (message.kind) {
    case "run.started":
    case "run.progress":
    case "vote.changed":
      return false;
    case "feedback.changed":
      return page === "organizer-plan";
    case "costs.changed":
      // The dashboard's glance owns it; the Costs page also lists the expenses themselves.
      return page === "costs";
    case "member.joined":
    case "preferences.saved":
    case "preferences.erased":
    case "request.changed":
      // The dashboard's group sections own them; the plan pages show costs that follow answers.
      return page !== "dashboard";
    case "run.ended": {
      const kind = runKind(message.runId);
      return kind === null || RUN_RESULTS[page].has(kind);
    }
    default:
      // Stage changes (trip.changed, destination.chosen) and kinds no client part owns yet.
      return true;
  }
}
