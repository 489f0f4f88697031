import type { Unavailable } from "@/components/ui/unavailable-note";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { FeedbackView, ItineraryView } from "@/lib/views/itinerary";

/**
 * What the plan page shows, decided from the view alone (pure, so each rule is pinned by a
 * hand-written case in page-state.test.ts): whether there is a plan to show at all, which
 * version, who may flag or edit it now, why Regenerate can't work, which notices apply, and
 * where each piece of feedback sits.
 */
export type PlanPageState =
  | { kind: "no-destination" }
  | {
      kind: "plan";
      /** The version on the page: the one asked for, else the current one; null before the first plan. */
      shown: { version: number; itinerary: Itinerary } | null;
      /** The shown version is the current one (an earlier one is read-only). */
      isCurrent: boolean;
      running: boolean;
      /** Members may flag and suggest: while planning, on the current version, with nothing generating. */
      canGiveFeedback: boolean;
      /** The organizer may change the current version by hand. */
      canEdit: boolean;
      /** Why Regenerate can't work now, in the order the server checks (null: it can). */
      regenerateUnavailable: Unavailable | null;
      openFeedback: number;
      /** "This plan is final" above everything. */
      finalNote: boolean;
      /** A member is told the answers changed since the plan was made (the organizer's card says it for them). */
      staleNote: boolean;
      /** The last run failed: its message, and whether the organizer may try again here. */
      failure: { message: string; retry: boolean } | null;
      /** "No plan yet", with what happens next. */
      empty: boolean;
      /** Feedback under its item (by item key), and the rest listed together. */
      underItem: Map<string, FeedbackView[]>;
      elsewhere: FeedbackView[];
    };

export function planPageState(view: ItineraryView): PlanPageState {
  const { trip, viewer, current } = view;
  const planning = trip.status === "planning";
  const finalized = trip.status === "finalized";
  if (!trip.destination || (!planning && !finalized)) return { kind: "no-destination" };
  const organizer = viewer.isOrganizer;
  const running = view.run?.status === "running";
  const shown = view.shown ?? (current ? { version: current.version, itinerary: current.itinerary } : null);
  const isCurrent = Boolean(current && shown && shown.version === current.version);
  const openFeedback = view.feedback.filter((f) => f.status === "open").length;
  const canGiveFeedback = planning && isCurrent && !running;
  const regenerationsLeft = view.regenerations.max - view.regenerations.used;
  const regenerateUnavailable: Unavailable | null =
    regenerationsLeft <= 0
      ? {
          reason: `All ${view.regenerations.max} regenerations are used; you can still restore any version or change the dates.`,
        }
      : openFeedback === 0
        ? { reason: "Nothing to regenerate with yet: nobody has an open flag or suggestion." }
        : view.modelRefusal;
  const error = view.run?.status === "failed" ? view.run.error : null;

  // Flags sit under their item while it is in the version shown; suggestions, and flags whose item
  // is gone, are listed together. A flag the organizer lifted stays listed: their reason is for everyone.
  const inShown = new Set(shown?.itinerary.days.flatMap((d) => d.items.map((i) => i.key)) ?? []);
  const underItem = new Map<string, FeedbackView[]>();
  const elsewhere: FeedbackView[] = [];
  for (const f of view.feedback) {
    if (f.kind === "flag" && f.itemKey !== null && inShown.has(f.itemKey)) {
      if (isCurrent) underItem.set(f.itemKey, [...(underItem.get(f.itemKey) ?? []), f]);
    } else if (f.status !== "withdrawn" || f.liftedByOrganizer) {
      elsewhere.push(f);
    }
  }

  return {
    kind: "plan",
    shown,
    isCurrent,
    running,
    canGiveFeedback,
    canEdit: organizer && canGiveFeedback && Boolean(current),
    regenerateUnavailable,
    openFeedback,
    finalNote: finalized,
    staleNote: view.stale && !organizer,
    failure: error && !running ? { message: error.message, retry: organizer && error.retryable && planning } : null,
    empty: !shown && !running,
    underItem,
    elsewhere,
  };
}
