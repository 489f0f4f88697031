import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SharedPlanView } from "@/components/share/shared-plan";
import * as actions from "@/lib/actions";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { formatUsd } from "@/lib/format";
import { SharedPlan } from "@/lib/schemas/itinerary";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { plannedTrip, runItinerary } from "@/test/itinerary";
import { textOf } from "@/test/markup";
import { openShareLink, shownPlan } from "./link";

withTestDatabase();

/**
 * The share page is for anyone with the link: one price range for the group, never what
 * each member pays or how far over their budget someone is. These fail as soon as the
 * shared plan gains a field, or the page or its JSON shows a member's own figures.
 */

describe("what the share link carries", () => {
  it("has exactly these fields: none of them per person", () => {
    expect(Object.keys(SharedPlan.shape).sort()).toEqual(
      [
        "costRange",
        "dates",
        "days",
        "destination",
        "factsVersion",
        "finalizedAt",
        "generatedAt",
        "groupSize",
        "packingList",
        "pace",
        "plannedWithAnswers",
        "routes",
        "sources",
        "status",
        "version",
        "weather",
      ].sort(),
    );
  });

  it("shows neither a member's own total nor anyone's budget gap, on the page or in its JSON", async () => {
    const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };
    // Three homes, three different totals; Pia's soft budget is far below any trip, so she stretches.
    const trip = await plannedTrip(
      [
        { name: "Olga", answers: answers({ dates: JUNE, vibes: ["food"], origin: "Bratislava" }) },
        { name: "Ben", answers: answers({ dates: JUNE, vibes: ["city"], origin: "Winnipeg" }) },
        {
          name: "Pia",
          answers: answers({
            dates: JUNE,
            vibes: ["culture"],
            origin: "Chicago",
            budget: { min: 100, max: 300, hardLimit: false },
          }),
        },
      ],
      { start: "2027-06-12", end: "2027-06-16" },
    );
    expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
    const stored = (await currentItinerary({ tripId: trip.tripId }))?.itinerary;
    if (!stored) throw new Error("no plan");
    const totals = stored.costs.map((c) => c.total);
    const gaps = stored.stretches.map((s) => s.overBy);
    const { low, high } = stored.costRange;
    // What makes this test able to fail: a total strictly inside the range, and a real gap.
    expect(new Set(totals).size).toBe(3);
    expect(totals.some((t) => t !== low && t !== high)).toBe(true);
    expect(gaps.some((g) => g > 0)).toBe(true);

    const made = await actions.createShareLink(trip.organizer.ctx, { tripId: trip.tripId });
    if (!made.ok) throw new Error(made.message);
    const shared = await openShareLink(trip.organizer.clone().ctx, made.data.sharePath.replace("/s/", ""));
    const plan = shared ? (await shownPlan(shared))?.plan : null;
    if (!plan) throw new Error("the link shows no plan");
    const page = textOf(
      renderToStaticMarkup(
        <SharedPlanView
          plan={plan}
          links={{ page: "https://x.test/s/t", calendar: "/c", subscribe: "webcal://x.test/c", json: "/j" }}
          essentials={null}
        />,
      ),
    );
    const json = JSON.stringify(plan);
    // The range itself is shown: the group's lowest and highest, rounded.
    expect(page).toContain(`${formatUsd(low)}–${formatUsd(high)} per person`);
    for (const figure of [...totals.filter((t) => t !== low && t !== high), ...gaps]) {
      expect(page, `page shows ${figure}`).not.toContain(formatUsd(figure));
      expect(json, `JSON carries ${figure}`).not.toMatch(new RegExp(`[^0-9.]${figure}[^0-9.]`));
    }
    expect(page).not.toMatch(/over (their|your|her|his) budget|stretch|each of you|your share/i);
    expect(json).not.toMatch(/"(costs|stretches|overBy|total|memberId|impactedMemberIds|budgetMode)"/);
  });
});
