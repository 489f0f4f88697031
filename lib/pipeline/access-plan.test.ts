import { expect, it } from "vitest";
import rome from "@/lib/catalog/destinations/rome.json";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { itineraryOutcome, planningTrip, runItinerary } from "@/test/itinerary";

withTestDatabase();

/**
 * Rome isn't wheelchair friendly as a whole, but has 13 wheelchair-accessible activities,
 * 4 accessible places to eat and a flat area to stay (Vatican & Prati): a group with a
 * wheelchair user can go, and their plan uses only the accessible venues — checked here
 * against the catalog file itself, and by the independent validator item by item.
 */
it("a wheelchair user's plan in Rome uses only wheelchair-accessible activities and places to eat", async () => {
  const olga = MemberPreferences.parse(answers({ origin: "Boston", pace: "balanced", budget: null }));
  const cara = MemberPreferences.parse(
    answers({ origin: "Boston", pace: "balanced", budget: null, accessibility: ["wheelchair"] }),
  );
  const trip = await planningTrip([olga, cara], { slug: "rome", start: "2027-05-10", end: "2027-05-14" });
  const run = await runItinerary(trip.tripId);
  expect(run.error).toBeNull();
  expect(run.status).toBe("succeeded");
  const { stored, violations } = await itineraryOutcome(trip.tripId, run.id);
  expect(violations).toEqual([]);
  const accessibleActivities = new Set(
    rome.activities.filter((a) => a.accessibility.includes("wheelchair")).map((a) => a.id),
  );
  const accessibleMeals = new Set(
    rome.meals.filter((m) => (m.accessibility as string[]).includes("wheelchair")).map((m) => m.id),
  );
  expect(accessibleActivities.size).toBe(13);
  expect(accessibleMeals.size).toBe(4);
  const days = stored?.itinerary.days ?? [];
  expect(days).toHaveLength(5);
  const activities = days.flatMap((d) => d.items.flatMap((i) => (i.activityId ? [i.activityId] : [])));
  const meals = days.flatMap((d) => d.meals.map((m) => m.mealId));
  expect(activities.length).toBeGreaterThanOrEqual(5);
  expect(activities.filter((id) => !accessibleActivities.has(id))).toEqual([]);
  expect(meals.filter((id) => !accessibleMeals.has(id))).toEqual([]);
});
