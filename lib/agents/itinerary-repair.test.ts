import { describe, expect, it } from "vitest";
import { itineraryRepair } from "@/lib/agents/itinerary-repair";
import type { ItineraryItem } from "@/lib/schemas/itinerary";
import type { Allocation, ItineraryState } from "@/lib/schemas/itinerary-pipeline";
import { testDeps } from "@/test/pipeline";

const BOAT: ItineraryItem = {
  key: "c:5b9e2c1a-7d3f-4e8a-b6c0-1f2e3d4c5b6a",
  kind: "custom",
  activityId: null,
  title: "Boat party with the cousins",
  description: "",
  area: "Your own plan",
  slot: "evening",
  startTime: "20:00",
  durationHours: 2,
  costPerPerson: 30,
  tips: [],
  source: null,
  locked: true,
};

const allocation: Allocation = {
  days: [
    {
      day: 2,
      date: "2027-05-11",
      area: "Alfama",
      note: null,
      items: [{ activityId: "feira-da-ladra", slot: "morning", start: "09:00", locked: false }],
      custom: [BOAT],
      meals: [],
    },
  ],
  outcomes: [],
  notes: [],
  activityBudget: null,
};

describe("the repair and the organizer's own items", () => {
  it("an own item the final check caught (a member has since ruled out boats) leaves with a note saying so", async () => {
    const state: Partial<ItineraryState> = {
      brief: {
        slug: "lisbon",
        start: "2027-05-10",
        end: "2027-05-14",
        nights: 4,
        days: 5,
        pace: "balanced",
        kind: "regenerate",
        basedOnVersion: 4,
      },
      places: [],
      allocation,
      violations: [
        {
          day: 2,
          rule: "hard-constraint",
          message: `Day 2, "Boat party with the cousins": Sam: no boats.`,
          itemKey: BOAT.key,
        },
      ],
    };
    const { patch } = await itineraryRepair.invoke(state, testDeps(), { stepId: "repair:1", arg: undefined });
    expect(patch.allocation.days[0]?.custom).toEqual([]);
    expect(patch.allocation.days[0]?.items).toEqual(allocation.days[0]?.items);
    expect(patch.allocation.notes).toEqual([
      `Day 2: your own "Boat party with the cousins" was taken out because a final check found a problem with it.`,
    ]);
  });

  it("an own item the check didn't name stays", async () => {
    const state: Partial<ItineraryState> = {
      brief: {
        slug: "lisbon",
        start: "2027-05-10",
        end: "2027-05-14",
        nights: 4,
        days: 5,
        pace: "balanced",
        kind: "regenerate",
        basedOnVersion: 4,
      },
      places: [],
      allocation,
      violations: [{ day: 2, rule: "hours", message: "Day 2, the market is closed.", itemKey: "a:feira-da-ladra" }],
    };
    const { patch } = await itineraryRepair.invoke(state, testDeps(), { stepId: "repair:1", arg: undefined });
    expect(patch.allocation.days[0]?.custom).toEqual([BOAT]);
    expect(patch.allocation.days[0]?.items).toEqual([]);
  });
});
