import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SharedPlanView } from "@/components/share/shared-plan";
import { factsFor } from "@/lib/facts";
import { stayAreasOf } from "@/lib/planning/day-map";
import { planRoutes } from "@/lib/planning/day-route";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { sharedPlanOf } from "@/lib/share/plan";
import { CASTLE, JERONIMOS, lisbonDay, OWN, PRADO, SE } from "@/test/day-route";
import { textOf as text } from "@/test/markup";
import { ItineraryDays } from "./itinerary-days";

/**
 * The travel between a day's stops and its map link, as the plan page and the share page
 * send them (server-rendered: no JavaScript needed). Legs as worked out by hand in
 * lib/planning/day-route.test.ts.
 */

const LISBON = factsFor("lisbon");
if (!LISBON) throw new Error("no Lisbon");

const DAYS = [lisbonDay(1, [CASTLE]), lisbonDay(2, [JERONIMOS, OWN, CASTLE, SE], [PRADO]), lisbonDay(3, [])];
const DAY_2_IN_ORDER = [
  "09:00",
  "São Jorge Castle",
  "↓",
  "Getting here from the stop before: 8 min walk (0.6 km)",
  "11:15",
  "Lisbon Cathedral (Sé)",
  "Getting here from the stop before: 40 min by public transport or taxi (8.4 km)",
  "13:30",
  "Jerónimos Monastery",
  "Getting here from the stop before: about 15 min by public transport or taxi (estimate: a stop without a known place)",
  "16:00",
  "Tea at a friend's flat",
  "Getting here from the stop before: about 15 min by public transport or taxi (estimate: a stop without a known place)",
  "18:30",
  "Dinner at Prado",
];
const DAY_2_MAP =
  "https://www.google.com/maps/dir/?api=1&amp;origin=38.7139%2C-9.1335&amp;destination=38.7098%2C-9.134&amp;waypoints=38.7098%2C-9.1335%7C38.6979%2C-9.2064";

/** Each expected phrase found after the one before it. */
function expectInOrder(haystack: string, phrases: string[]) {
  let at = 0;
  for (const phrase of phrases) {
    const found = haystack.indexOf(phrase, at);
    expect(found, `"${phrase}" after position ${at}`).toBeGreaterThanOrEqual(0);
    at = found + phrase.length;
  }
}

function dayHtml(html: string, n: number): string {
  const start = html.indexOf(`id="day-${n}-title"`);
  const end = html.indexOf(`id="day-${n + 1}-title"`);
  return html.slice(start, end === -1 ? undefined : end);
}

describe("the day by day with routes", () => {
  const html = renderToStaticMarkup(<ItineraryDays days={DAYS} routes={planRoutes({ days: DAYS }, LISBON)} />);

  it("shows each leg between the two stops it joins, in words, and the day's map link under its heading", () => {
    const day2 = dayHtml(html, 2);
    expectInOrder(text(day2), [
      "Day 2",
      "Open this day's route in Maps for day 2 (opens in a new tab)",
      ...DAY_2_IN_ORDER,
    ]);
    expect(day2).toContain(`href="${DAY_2_MAP}"`);
    expect(day2).toMatch(
      /<a href="https:\/\/www\.google\.com\/maps\/dir\/[^"]*" target="_blank" rel="noopener noreferrer"/,
    );
    // The map link is for the screen: on paper it is left out.
    expect(day2).toMatch(/<p class="[^"]*print:hidden[^"]*"><a href="https:\/\/www\.google\.com\/maps/);
  });

  it("a one-stop day shows its stop on the map and has no legs; a free day has neither", () => {
    const day1 = text(dayHtml(html, 1));
    expect(day1).toContain("Show this day's stop in Maps for day 1");
    expect(day1).not.toContain("Getting here");
    expect(dayHtml(html, 1)).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=38.7139%2C-9.1335"');
    const day3 = text(dayHtml(html, 3));
    expect(day3).toContain("A free day: nothing planned.");
    expect(day3).not.toContain("Maps");
  });

  it("without routes (a destination the facts don't know) shows the days as before", () => {
    const plain = renderToStaticMarkup(<ItineraryDays days={DAYS} />);
    expect(plain).not.toContain("Getting here");
    expect(plain).not.toContain("google.com/maps");
    expectInOrder(text(plain), [
      "09:00",
      "São Jorge Castle",
      "11:15",
      "Lisbon Cathedral (Sé)",
      "18:30",
      "Dinner at Prado",
    ]);
  });
});

describe("the day's map", () => {
  const html = renderToStaticMarkup(
    <ItineraryDays days={DAYS} routes={planRoutes({ days: DAYS }, LISBON)} stayAreas={stayAreasOf(LISBON)} />,
  );
  const day2 = dayHtml(html, 2);
  const map = day2.slice(day2.indexOf("<figure"), day2.indexOf("</figure>"));
  const list = day2.slice(0, day2.indexOf("<figure"));

  it("numbers the day's stops on the map in the same order as the list", () => {
    // The list: 1 castle, 2 Sé, 3 Jerónimos, 4 the organizer's tea (no place), 5 dinner at Prado.
    expectInOrder(text(list), [
      "Stop 1 : São Jorge Castle",
      "Stop 2 : Lisbon Cathedral (Sé)",
      "Stop 3 : Jerónimos Monastery",
      "Stop 4 : Tea at a friend's flat",
      "Stop 5 : Dinner at Prado",
    ]);
    // The map is labelled with the placed ones under the same numbers, in the same order (the browser
    // draws them: e2e/offline.spec.ts), and its caption says which isn't on it.
    expect(map).toContain(
      'aria-label="Map of day 2: 1 São Jorge Castle, 2 Lisbon Cathedral (Sé), 3 Jerónimos Monastery, 5 Prado; stay area Baixa, Chiado &amp; Cais do Sodré, Alfama &amp; Graça"',
    );
    expect(text(map)).toContain("Not on the map (no known place): 4 Tea at a friend's flat.");
    // Parque das Nações, the third suggested stay area, is 6 km north of the day's stops: named, not drawn.
    expect(text(map)).toContain("Stay areas off this map: Parque das Nações.");
  });

  it("names no tile provider and loads nothing from anywhere in the embedded default", () => {
    expect(map).not.toMatch(/\b(href|src|xlink:href)=/);
    expect(text(map)).not.toContain("Map tiles:");
    // The map comes after the list, which stays the way to read the day.
    expect(day2.indexOf("<figure")).toBeGreaterThan(day2.indexOf("Dinner at Prado"));
  });

  it("a day with no stops has no map", () => {
    expect(dayHtml(html, 3)).not.toContain("data-day-map");
  });
});

describe("the share page with routes", () => {
  const itinerary = {
    destination: { slug: "lisbon", name: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
    dates: { start: "2027-05-11", end: "2027-05-13", nights: 2, days: 3 },
    pace: "balanced",
    days: DAYS,
    weather: { note: "Mild, around 22 °C by day.", basis: "Climate normals for May" },
    packingList: ["Comfortable walking shoes"],
    assumptions: ["Made up for the test."],
    costs: [],
    costRange: { low: 1200, high: 1400 },
    budgetMode: "consensus",
    impactedMemberIds: [],
    costNotes: [],
    stretches: [],
    sources: [{ title: "Visit Lisboa", url: "https://www.visitlisboa.com/" }],
    feedback: [],
    pendingMemberIds: [],
    generatedAt: "2026-11-21T12:00:00.000Z",
    factsVersion: "test",
    preferencesFingerprint: "x",
  } satisfies Itinerary;
  const plan = sharedPlanOf({
    trip: { status: "finalized", finalizedAt: new Date("2026-11-22T09:00:00Z") },
    current: { version: 2, itinerary },
    memberCount: 3,
    facts: LISBON,
  });

  it("carries each day's route in the shared plan (so itinerary.json has it) and shows it in order", () => {
    expect(plan.routes?.map((r) => r.legs.length)).toEqual([0, 4, 0]);
    expect(plan.routes?.[1]?.legs[1]).toEqual({
      from: "a:lisbon-cathedral-se",
      to: "a:jeronimos-monastery",
      mode: "transit",
      km: 8.4,
      minutes: 40,
      basis: "places",
    });
    const html = renderToStaticMarkup(
      <SharedPlanView
        plan={plan}
        essentials={null}
        links={{
          page: "/s/t",
          calendar: "/s/t/calendar.ics",
          subscribe: "webcal://x/s/t",
          json: "/s/t/itinerary.json",
        }}
      />,
    );
    const day2 = dayHtml(html, 2);
    expectInOrder(text(day2), ["Open this day's route in Maps for day 2", ...DAY_2_IN_ORDER]);
    expect(day2).toContain(`href="${DAY_2_MAP}"`);
  });
});
