import { describe, expect, it } from "vitest";
import { factsFor } from "@/lib/facts";
import { planRoutes } from "@/lib/planning/day-route";
import { CASTLE, JERONIMOS, lisbonDay, OWN, PRADO, SE } from "@/test/day-route";
import { clockAt, todayView } from "./today";

/**
 * Today on a Lisbon trip of 11–13 May 2027 (Lisbon is on UTC+1 in May), with a fixed clock.
 * Day 2 (12 May), from test/day-route.ts and the legs worked out in day-route.test.ts:
 *   09:00–11:00 São Jorge Castle
 *   11:15–12:15 Lisbon Cathedral (Sé)       8 min walk from the castle
 *   13:30–15:00 Jerónimos Monastery         40 min by public transport from the Sé
 *   16:00–18:00 Tea at a friend's flat      about 15 min (no known place: the default)
 *   18:30–20:00 Dinner at Prado             about 15 min
 */

const LISBON = factsFor("lisbon");
if (!LISBON) throw new Error("no Lisbon");
const days = [lisbonDay(1, [CASTLE]), lisbonDay(2, [JERONIMOS, OWN, CASTLE, SE], [PRADO]), lisbonDay(3, [])];
const plan = {
  destination: { slug: "lisbon", name: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
  dates: { start: "2027-05-11", end: "2027-05-13", nights: 2, days: 3 },
  days,
  weather: { note: "Mild, around 22 °C by day.", basis: "Climate normals for May" },
};
const routes = planRoutes({ days }, LISBON);
const at = (iso: string) => todayView(plan, routes, new Date(iso));

describe("today on the trip", () => {
  it("at 11:40 in Lisbon: at the Sé now, Jerónimos next, leave by 12:50", () => {
    // 10:40 UTC = 11:40 WEST, inside 11:15–12:15. Next starts 13:30; the leg there is 40 min: 13:30 − 0:40 = 12:50.
    const view = at("2027-05-12T10:40:00Z");
    expect(view).toMatchObject({ phase: "during", day: 2, date: "2027-05-12", time: "11:40", leaveBy: "12:50" });
    if (view?.phase !== "during") throw new Error("not during");
    expect(view.now?.name).toBe("Lisbon Cathedral (Sé)");
    expect(view.next?.name).toBe("Jerónimos Monastery");
    expect(view.legToNext).toMatchObject({ mode: "transit", minutes: 40, km: 8.4 });
    expect(view.meals).toEqual([{ name: "Prado", meal: "dinner", time: "18:30" }]);
    expect(view.weather).toBe("Mild, around 22 °C by day.");
    // Day 3 has nothing planned.
    expect(view.tomorrow).toBe("Day 3, a free day");
  });

  it("between stops at 15:30: nothing now, the tea next, leave by 15:45 (the 15-minute estimate)", () => {
    // 14:30 UTC = 15:30; Jerónimos ended at 15:00. 16:00 − 0:15 = 15:45.
    const view = at("2027-05-12T14:30:00Z");
    expect(view).toMatchObject({ phase: "during", now: null, leaveBy: "15:45" });
    if (view?.phase !== "during") throw new Error("not during");
    expect(view.next?.name).toBe("Tea at a friend's flat");
  });

  it("before the day's first stop there is no leg to time, so no leave-by", () => {
    // 07:30 UTC = 08:30; the castle at 09:00 is the first stop.
    const view = at("2027-05-12T07:30:00Z");
    expect(view).toMatchObject({ phase: "during", now: null, leaveBy: null, legToNext: null });
    if (view?.phase !== "during") throw new Error("not during");
    expect(view.next?.name).toBe("São Jorge Castle");
  });

  it("goes by the destination's date, not UTC's: 23:30 UTC on the 10th is day 1 in Lisbon", () => {
    // 23:30 UTC on 10 May = 00:30 on 11 May in Lisbon. Day 2 starts tomorrow at 09:00 with the castle.
    expect(at("2027-05-10T23:30:00Z")).toMatchObject({
      phase: "during",
      day: 1,
      time: "00:30",
      tomorrow: "Day 2, from 09:00 (São Jorge Castle)",
    });
  });

  it("counts down before the trip and sums it up after", () => {
    // 1 May → 11 May: 10 days to go.
    expect(at("2027-05-01T12:00:00Z")).toEqual({ phase: "before", daysToGo: 10, start: "2027-05-11" });
    // 3 days; 1 + 5 + 0 stops.
    expect(at("2027-05-14T09:00:00Z")).toEqual({ phase: "after", days: 3, stops: 6 });
  });
});

describe("the clock the pages use", () => {
  it("takes ?now= outside production only, and only a real time", () => {
    expect(clockAt("2027-05-12T10:40:00Z", false).toISOString()).toBe("2027-05-12T10:40:00.000Z");
    const before = Date.now();
    expect(clockAt("2027-05-12T10:40:00Z", true).getTime()).toBeGreaterThanOrEqual(before);
    expect(clockAt("not a time", false).getTime()).toBeGreaterThanOrEqual(before);
  });
});
