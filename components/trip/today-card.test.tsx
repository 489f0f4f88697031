import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { factsFor } from "@/lib/facts";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { CASTLE, JERONIMOS, lisbonDay, OWN, PRADO, SE } from "@/test/day-route";
import { textOf } from "@/test/markup";
import { TodayCard } from "./today-card";

/** The dashboard's today card on a Lisbon trip, 11–13 May 2027 (times as in lib/planning/today.test.ts). */
const LISBON = factsFor("lisbon");
const itinerary = {
  destination: { slug: "lisbon", name: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
  dates: { start: "2027-05-11", end: "2027-05-13", nights: 2, days: 3 },
  days: [lisbonDay(1, [CASTLE]), lisbonDay(2, [JERONIMOS, OWN, CASTLE, SE], [PRADO]), lisbonDay(3, [])],
  weather: { note: "Mild, around 22 °C by day.", basis: "Climate normals for May" },
} as unknown as Itinerary;
const card = (iso: string) =>
  textOf(renderToStaticMarkup(<TodayCard tripId="t" itinerary={itinerary} facts={LISBON} at={new Date(iso)} />));

describe("the today card", () => {
  it("during the trip: now, next with the leave-by time and the way there, meals, weather, tomorrow", () => {
    // 10:40 UTC = 11:40 in Lisbon: at the Sé; Jerónimos at 13:30, 40 min away by transit → leave by 12:50.
    const text = card("2027-05-12T10:40:00Z");
    expect(text).toContain("Today — day 2, 11:40 in Lisbon");
    expect(text).toContain("Now: Lisbon Cathedral (Sé), until 12:15");
    expect(text).toContain(
      "Next: Jerónimos Monastery at 13:30 — leave by 12:50 : 40 min by public transport or taxi (8.4 km)",
    );
    expect(text).toContain("Meals: Dinner 18:30 at Prado");
    expect(text).toContain("Weather: Mild, around 22 °C by day.");
    expect(text).toContain("Tomorrow: Day 3, a free day");
  });

  it("before the trip counts down; after it sums up", () => {
    expect(card("2027-05-01T12:00:00Z")).toContain("10 days to Lisbon");
    expect(card("2027-05-14T09:00:00Z")).toContain("The trip is over: 3 days and 6 stops.");
  });

  it("before the trip lists what's left to do; after it, the costs to settle", () => {
    const left = {
      answers: { pending: 2, mine: false },
      votes: null,
      packing: 7,
      entry: "Check with Portugal's consulate.",
    };
    const before = textOf(
      renderToStaticMarkup(
        <TodayCard
          tripId="t"
          itinerary={itinerary}
          facts={LISBON}
          at={new Date("2027-05-01T12:00:00Z")}
          leftToDo={left}
        />,
      ),
    );
    expect(before).toContain("Answers: 2 members still to answer");
    expect(before).toContain("Packing list: 7 things to pack");
    expect(before).toMatch(/Entry requirements ?: Check with Portugal's consulate\./);
    expect(before).not.toContain("Votes:");
    const after = textOf(
      renderToStaticMarkup(
        <TodayCard
          tripId="t"
          itinerary={itinerary}
          facts={LISBON}
          at={new Date("2027-05-14T09:00:00Z")}
          toSettle={["Ben pays Olga €28.00"]}
        />,
      ),
    );
    expect(after).toContain("Costs to settle:");
    expect(after).toContain("Ben pays Olga €28.00");
  });
});
