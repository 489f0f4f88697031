import { expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { addProgressEvent, createRunOrGetActive } from "@/lib/db/queries/runs";
import { factsFor } from "@/lib/facts";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { loadItineraryView } from "@/lib/views/itinerary";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { plannedTrip, runItinerary } from "@/test/itinerary";

withTestDatabase();

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };

/**
 * Zoe answers after the plan exists: she can only walk a little, and eats vegan. The organizer's
 * view judges the current plan against her answers at once. What it must report is worked
 * out here from the destination's raw catalog facts, item by item and meal by meal — not
 * from the validator — and each line names Zoe and the item.
 */
it("a member who answers after the plan was made: what it breaks for her is reported to the organizer by name and item", async () => {
  const trip = await plannedTrip(
    [
      { name: "Olga", answers: answers({ dates: JUNE, vibes: ["food", "culture"] }) },
      { name: "Ben", answers: answers({ dates: JUNE, vibes: ["city", "nature"] }) },
    ],
    { start: "2027-06-12", end: "2027-06-16" },
  );
  expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
  const organizer = await requireMember(trip.organizer.ctx, trip.tripId);
  const before = await loadItineraryView(organizer);
  expect(before.stale).toBe(false);
  expect(before.breaks).toBeNull();

  const zoe = await trip.join("Zoe");
  const saved = await actions.savePreferences(zoe.ctx, {
    tripId: trip.tripId,
    expectedVersion: 0,
    preferences: answers({ dates: JUNE, accessibility: ["limited-walking"], dietary: ["vegan"] }),
  });
  expect(saved.ok).toBe(true);

  const view = await loadItineraryView(await requireMember(trip.organizer.ctx, trip.tripId));
  const plan = view.current?.itinerary;
  const facts = factsFor(trip.slug);
  if (!plan || !facts) throw new Error("no plan");
  const expected: string[] = [];
  // The destination as a whole doesn't list limited walking, but it is judged venue by venue: in
  // the catalog 12 of Ubud's 42 activities suit it (at least one a day for 5 days, and 4 at least)
  // and Sayan & Ayung River is a stay area that does — so the place itself isn't reported, only
  // the plan's items that don't suit her.
  expect(facts.accessibility).not.toContain("limited-walking");
  for (const day of plan.days) {
    for (const item of day.items) {
      const activity = facts.activities.find((a) => a.id === item.activityId);
      if (!activity) continue;
      const where = `Day ${day.day}, "${item.title}"`;
      if (!activity.accessibility.includes("limited-walking"))
        expected.push(`${where}: Zoe: not limited-walking accessible.`);
      if (activity.involvesFood && !activity.dietaryOptions.includes("vegan"))
        expected.push(`${where}: Zoe: no vegan option.`);
    }
    for (const meal of day.meals) {
      const venue = facts.meals.find((m) => m.id === meal.mealId);
      if (!venue) continue;
      const where = `Day ${day.day}, ${meal.meal} at ${meal.name}`;
      // A seated meal suits limited walking (only step access matters at a table): just the diet.
      if (!venue.dietaryOptions.includes("vegan")) expected.push(`${where}: Zoe: no vegan option.`);
    }
  }
  // The plan was made without Zoe, so something in it doesn't suit her.
  expect(expected.length).toBeGreaterThan(0);
  expect(view.stale).toBe(true);
  const reported = (view.breaks ?? []).map((b) => b.message);
  expect(reported).toEqual(expect.arrayContaining(expected));
  expect(reported).not.toContain("Zoe: not limited-walking friendly.");
  // Nothing is reported for Olga or Ben, whose answers the plan was made with.
  expect(reported.filter((m) => !/(^|: )Zoe: /.test(m))).toEqual([]);

  // A member doesn't get the organizer's report.
  expect((await loadItineraryView(await requireMember(zoe.ctx, trip.tripId))).breaks).toBeNull();

  // The organizer plans again with the new answers: only the organizer, no regeneration used,
  // and afterwards the plan suits Zoe too.
  expect(await actions.replanWithNewAnswers(zoe.ctx, { tripId: trip.tripId })).toMatchObject({
    ok: false,
    code: "forbidden:organizer",
  });
  expect((await actions.replanWithNewAnswers(trip.organizer.ctx, { tripId: trip.tripId })).ok).toBe(true);
  await settleLocalRuns();
  const after = await loadItineraryView(await requireMember(trip.organizer.ctx, trip.tripId));
  expect(after.current?.version).toBe((view.current?.version ?? 0) + 1);
  expect(after.current?.source).toBe("regenerated");
  expect(after.regenerations.used).toBe(0);
  expect(after.stale).toBe(false);
  const replanned = after.current?.itinerary;
  for (const day of replanned?.days ?? []) {
    for (const item of day.items) {
      const activity = facts.activities.find((a) => a.id === item.activityId);
      expect(activity?.accessibility, item.title).toContain("limited-walking");
      if (activity?.involvesFood) expect(activity.dietaryOptions, item.title).toContain("vegan");
    }
  }
  // Nothing changed since: asking again is refused.
  expect(await actions.replanWithNewAnswers(trip.organizer.ctx, { tripId: trip.tripId })).toMatchObject({
    ok: false,
    code: "conflict:answers-unchanged",
  });
});

/**
 * A member who opens the plan page while a regeneration runs sees the days drafted so far:
 * the first drafts' finished rows, in day order, and nothing from a redraft (worded from the
 * validator's problems) or from a step that has only started.
 */
it("a page opened mid-run shows the days drafted so far, from the run's first-draft rows only", async () => {
  const trip = await plannedTrip(
    [
      { name: "Olga", answers: answers({ dates: JUNE }) },
      { name: "Ben", answers: answers({ dates: JUNE }) },
    ],
    { start: "2027-06-12", end: "2027-06-14" },
  );
  expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
  const v1 = await currentItinerary({ tripId: trip.tripId });
  const [day1, day2, day3] = v1?.itinerary.days ?? [];
  if (!day1 || !day2 || !day3) throw new Error("no plan");
  const { run } = await createRunOrGetActive({
    tripId: trip.tripId,
    kind: "regenerate",
    engine: "local",
    requestedBy: null,
  });
  const row = (stepId: string, kind: "started" | "finished", day?: typeof day1) =>
    addProgressEvent({
      runId: run.id,
      tripId: trip.tripId,
      stepId,
      stage: "draft",
      kind,
      message: stepId,
      level: "info",
      detail: kind === "started" ? null : { ms: 5, ...(day ? { day } : {}) },
    });
  await row("draft:3", "finished", day3);
  await row("draft:2", "started");
  await row("draft:1", "finished", day1);
  await row("redraft:1:2", "finished", { ...day2, title: "From a redraft" });

  const ned = await trip.join("Ned");
  const view = await loadItineraryView(await requireMember(ned.ctx, trip.tripId));
  expect(view.run?.status).toBe("running");
  expect(view.run?.drafted.map((d) => d.day)).toEqual([1, 3]);
  expect(view.run?.drafted).toEqual([day1, day3]);
  await settleLocalRuns();
});

/**
 * Must-haves against the plan, as each viewer may see them. Olga (the organizer) and Zoe (who
 * joins once the plan exists) both want an ice hockey match: no activity of the destination
 * carries those words, so it is not honoured, and the plan says why and what would help. The
 * organizer sees whose each is; Zoe sees her own as hers and Olga's anonymously, with no member id.
 */
it("a must-have the plan doesn't honour is listed with why and what would help; whose follows the privacy model", async () => {
  const hockey = "ice hockey match";
  const trip = await plannedTrip(
    [
      { name: "Olga", answers: answers({ dates: JUNE, vibes: ["food", "culture"], mustHaves: [hockey] }) },
      { name: "Ben", answers: answers({ dates: JUNE, vibes: ["city", "nature"] }) },
    ],
    { start: "2027-06-12", end: "2027-06-16" },
  );
  expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
  const zoe = await trip.join("Zoe");
  const saved = await actions.savePreferences(zoe.ctx, {
    tripId: trip.tripId,
    expectedVersion: 0,
    preferences: answers({ dates: JUNE, mustHaves: [hockey] }),
  });
  expect(saved.ok).toBe(true);
  const facts = factsFor(trip.slug);
  if (!facts) throw new Error("no facts");
  const notHonoured = {
    mustHave: hockey,
    status: "not-honoured",
    why: `Nothing we know in ${facts.name} offers it.`,
    wouldHelp: "Another destination that has it.",
  };
  const organizerView = await loadItineraryView(await requireMember(trip.organizer.ctx, trip.tripId));
  expect(organizerView.mustHaves).toEqual([
    { ...notHonoured, whose: "you" },
    { ...notHonoured, whose: "Zoe" },
  ]);
  const zoeView = await loadItineraryView(await requireMember(zoe.ctx, trip.tripId));
  expect(zoeView.mustHaves).toEqual([
    { ...notHonoured, whose: null },
    { ...notHonoured, whose: "you" },
  ]);
  expect(JSON.stringify(zoeView.mustHaves)).not.toContain("Olga");
});
