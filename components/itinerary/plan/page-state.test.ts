import { describe, expect, it } from "vitest";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { FeedbackView, ItineraryView } from "@/lib/views/itinerary";
import { type PlanPageState, planPageState } from "./page-state";

/**
 * What the plan page shows, case by case: a trip of Olga (organizer) and Dan, a two-day plan
 * with two activities ("market" on day 1, "museum" on day 2). Each expectation is read off
 * the situation by hand.
 */

/** Only what the page state reads of a plan: its days' item keys. */
const plan = (keys: string[][]) =>
  ({ days: keys.map((day, i) => ({ day: i + 1, items: day.map((key) => ({ key })) })) }) as unknown as Itinerary;
const TWO_DAYS = plan([["market"], ["museum"]]);

function feedback(id: string, over: Partial<FeedbackView>): FeedbackView {
  return {
    id,
    kind: "flag",
    memberId: "dan",
    memberName: "Dan",
    mine: false,
    itemKey: null,
    reason: null,
    text: "",
    heldBack: null,
    suggestedActivityId: null,
    status: "open",
    outcome: null,
    itineraryVersion: 2,
    liftedByOrganizer: null,
    ...over,
  };
}

function view(over: Partial<ItineraryView> = {}, trip: Partial<ItineraryView["trip"]> = {}): ItineraryView {
  return {
    trip: {
      id: "t1",
      status: "planning",
      destination: { slug: "lisbon", name: "Lisbon", country: "Portugal" },
      dates: { start: "2027-06-01", end: "2027-06-02" },
      ...trip,
    },
    viewer: { memberId: "olga", isOrganizer: true },
    members: [],
    proposal: null,
    availability: [],
    run: null,
    current: { version: 2, source: "generated", itinerary: TWO_DAYS, createdAt: "2027-05-01T10:00:00Z" },
    shown: null,
    versions: [],
    diff: null,
    feedback: [],
    regenerations: { used: 0, max: 3 },
    budgets: {},
    otherActivities: [],
    breaks: null,
    modelRefusal: null,
    decisions: [],
    stale: false,
    mustHaves: [],
    beforeYouGo: null,
    ...over,
  };
}

function planState(v: ItineraryView): Extract<PlanPageState, { kind: "plan" }> {
  const state = planPageState(v);
  if (state.kind !== "plan") throw new Error(`expected a plan page, got ${state.kind}`);
  return state;
}

describe("the plan page's state", () => {
  it("before a destination is chosen there is no plan page, only the way back to the ideas", () => {
    expect(planPageState(view({}, { status: "recommending" })).kind).toBe("no-destination");
    expect(planPageState(view({}, { destination: null })).kind).toBe("no-destination");
  });

  it("flags sit under their item; suggestions, flags on items gone, and lifted flags are listed together", () => {
    const onMarket = feedback("f1", { itemKey: "market" });
    const onGone = feedback("f2", { itemKey: "tower" });
    const suggestion = feedback("f3", { kind: "suggestion", suggestedActivityId: "fado" });
    const withdrawnGone = feedback("f4", { itemKey: "tower", status: "withdrawn" });
    const liftedGone = feedback("f5", {
      itemKey: "tower",
      status: "withdrawn",
      liftedByOrganizer: { reason: "Booked" },
    });
    const state = planState(view({ feedback: [onMarket, onGone, suggestion, withdrawnGone, liftedGone] }));
    // "market" is in the plan: f1 under it. "tower" isn't: f2 listed; f4 withdrawn by Dan: gone; f5 lifted: listed.
    expect([...state.underItem.entries()]).toEqual([["market", [onMarket]]]);
    expect(state.elsewhere.map((f) => f.id)).toEqual(["f2", "f3", "f5"]);
    // Open: f1, f2, f3 → 3.
    expect(state.openFeedback).toBe(3);
  });

  it("while planning the organizer may flag, edit and regenerate the current version", () => {
    const state = planState(view({ feedback: [feedback("f1", { itemKey: "market" })] }));
    expect(state).toMatchObject({ isCurrent: true, canGiveFeedback: true, canEdit: true, empty: false });
    // 0 of 3 used and one open flag: nothing stands in the way.
    expect(state.regenerateUnavailable).toBeNull();
    expect(state.shown?.version).toBe(2);
  });

  it("a member may flag but not edit, and is the one told the answers changed since the plan", () => {
    const state = planState(view({ viewer: { memberId: "dan", isOrganizer: false }, stale: true }));
    expect(state).toMatchObject({ canGiveFeedback: true, canEdit: false, staleNote: true });
    // The organizer's own card says it for them.
    expect(planState(view({ stale: true })).staleNote).toBe(false);
  });

  it("an earlier version is read-only and carries no flags under its items", () => {
    const state = planState(
      view({
        shown: { version: 1, itinerary: plan([["market"], ["castle"]]) },
        feedback: [feedback("f1", { itemKey: "market" })],
      }),
    );
    expect(state).toMatchObject({ isCurrent: false, canGiveFeedback: false, canEdit: false });
    expect(state.shown?.version).toBe(1);
    expect(state.underItem.size).toBe(0);
  });

  it("Regenerate says why it can't work, in the order the server checks", () => {
    // 3 of 3 used: the limit comes first, even with a flag open.
    expect(
      planState(view({ regenerations: { used: 3, max: 3 }, feedback: [feedback("f1", { itemKey: "market" })] }))
        .regenerateUnavailable?.reason,
    ).toBe("All 3 regenerations are used; you can still restore any version or change the dates.");
    // 1 of 3 used, nothing open: nothing to regenerate with.
    expect(planState(view({ regenerations: { used: 1, max: 3 } })).regenerateUnavailable?.reason).toBe(
      "Nothing to regenerate with yet: nobody has an open flag or suggestion.",
    );
    // Both fine: the model's own refusal (today's allowance) is what's left.
    const refusal = { reason: "Today's AI allowance is used up.", until: "2027-05-02T00:00:00Z" };
    expect(
      planState(view({ modelRefusal: refusal, feedback: [feedback("f1", { itemKey: "market" })] }))
        .regenerateUnavailable,
    ).toEqual(refusal);
  });

  it("while a run goes nobody flags, and 'No plan yet' waits for it", () => {
    const run: NonNullable<ItineraryView["run"]> = {
      id: "r1",
      kind: "itinerary",
      status: "running",
      error: null,
      timeline: [],
      drafted: [],
    };
    const state = planState(view({ run, current: null }));
    expect(state).toMatchObject({ running: true, canGiveFeedback: false, empty: false, failure: null, shown: null });
    expect(planState(view({ current: null })).empty).toBe(true);
  });

  it("a failed run shows its message; only the organizer, while planning, may try again", () => {
    const run: NonNullable<ItineraryView["run"]> = {
      id: "r1",
      kind: "itinerary",
      status: "failed",
      error: { code: "model", message: "The planner stopped.", retryable: true },
      timeline: [],
      drafted: [],
    };
    expect(planState(view({ run })).failure).toEqual({ message: "The planner stopped.", retry: true });
    expect(planState(view({ run, viewer: { memberId: "dan", isOrganizer: false } })).failure?.retry).toBe(false);
    const final = planState(view({ run }, { status: "finalized" }));
    expect(final.failure?.retry).toBe(false);
    expect(final.finalNote).toBe(true);
    expect(final.canGiveFeedback).toBe(false);
  });
});
