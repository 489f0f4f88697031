import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { getDb } from "@/lib/db/client";
import { listFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary, listItineraryVersions } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getTrip } from "@/lib/db/queries/trips";
import { trips } from "@/lib/db/schema";
import { factsFor } from "@/lib/facts";
import { type Itinerary, MAX_REGENERATIONS } from "@/lib/schemas/itinerary";
import { organizerItemsOf, validateItinerary } from "@/lib/validation/itinerary";
import { withTestDatabase } from "@/test/db";
import { keysOf, lisbonPlan, runItinerary } from "@/test/itinerary";

withTestDatabase();

/** The organizer's hand edits, against the known Lisbon plan (test/itinerary.ts `lisbonPlan`). */
const planned = lisbonPlan;

const totals = (plan: Itinerary) => plan.costs.map((c) => c.total).sort((a, b) => a - b);
const itemOf = (plan: Itinerary, key: string) =>
  plan.days.flatMap((d) => d.items.map((i) => ({ ...i, day: d.day }))).find((i) => i.key === key);

/** What the independent validator says of the current plan against the members' answers now. */
async function violationsNow(tripId: string) {
  const current = await currentItinerary({ tripId });
  const members = await listMembersWithPreferences({ tripId });
  const facts = factsFor("lisbon");
  if (!current || !facts) throw new Error("no plan");
  return validateItinerary(current.itinerary, {
    members: members.map(({ id, name, preferences }) => ({ id, name, preferences })),
    facts,
    dates: { start: "2027-05-10", end: "2027-05-14" },
    plannedOn: new Date().toISOString().slice(0, 10),
    feedback: [],
    organizerItems: organizerItemsOf(current.itinerary),
  });
}

describe("hand edits of the itinerary", () => {
  it("remove: a new 'edited' version based on the one edited, costs recomputed, no regeneration used", async () => {
    const { tripId, organizer } = await planned();
    const removed = await actions.removeItineraryItem(organizer.ctx, { tripId, version: 1, itemKey: "a:belem-tower" });
    expect(removed).toEqual({ ok: true, data: { version: 2 } });

    const v2 = await currentItinerary({ tripId });
    expect(v2).toMatchObject({ version: 2, source: "edited", basedOnVersion: 1, runId: null });
    expect(keysOf(v2?.itinerary as Itinerary)[2]).toEqual(["a:pilar-7-bridge"]);
    // $81 − $11 = $70 of activities: $1,370 and $1,520.
    expect(totals(v2?.itinerary as Itinerary)).toEqual([1370, 1520]);
    expect(v2?.itinerary.costs.every((c) => c.lines.find((l) => l.item === "activities")?.usd === 70)).toBe(true);
    expect(v2?.itinerary.costRange.low).toBeLessThanOrEqual(1370);
    expect(v2?.itinerary.costRange.high).toBeGreaterThanOrEqual(1520);
    expect(await violationsNow(tripId)).toEqual([]);
    expect((await getTrip({ tripId }))?.regenerations).toBe(0);
    expect((await listItineraryVersions({ tripId })).map((v) => [v.version, v.source])).toEqual([
      [2, "edited"],
      [1, "generated"],
    ]);

    // A following regeneration refills the free morning of day 3 but doesn't put the tower back.
    expect((await runItinerary(tripId, "regenerate")).status).toBe("succeeded");
    const v3 = await currentItinerary({ tripId });
    expect(v3).toMatchObject({ version: 3, source: "regenerated", basedOnVersion: 2 });
    expect(itemOf(v3?.itinerary as Itinerary, "a:belem-tower")).toBeUndefined();
    expect(v3?.itinerary.removedByHand).toEqual(["belem-tower"]);
  });

  it("move: to another day after what is there; refused where the day has no such time or the venue is closed", async () => {
    const { tripId, organizer } = await planned();
    // Day 5's afternoon holds the 2-hour stroll from 13:30 (to 15:30) at 38.7164, -9.1488; the bridge
    // is at 38.6985, -9.179: 0.0179° × 111.195 = 1.990 km north–south, 0.0302° × 111.195 × cos 38.707°
    // (0.7805) = 2.621 km east–west, 3.291 km straight, so public transport: × 1.3 = 4.28 km,
    // 10 + 4.28 / 18 × 60 = 24.3 min → 25. The bridge goes at 15:30 + 25 min = 15:55.
    const moved = await actions.moveItineraryItem(organizer.ctx, {
      tripId,
      version: 1,
      itemKey: "a:pilar-7-bridge",
      day: 5,
      slot: "afternoon",
    });
    expect(moved).toEqual({ ok: true, data: { version: 2 } });
    const v2 = (await currentItinerary({ tripId }))?.itinerary as Itinerary;
    expect(keysOf(v2)[2]).toEqual(["a:belem-tower"]);
    expect(keysOf(v2)[4]).toEqual(["a:lisbon-cathedral-se", "a:principe-real-stroll", "a:pilar-7-bridge"]);
    expect(itemOf(v2, "a:pilar-7-bridge")).toMatchObject({ day: 5, slot: "afternoon", startTime: "15:55" });
    expect(totals(v2)).toEqual([1381, 1531]);
    expect(await violationsNow(tripId)).toEqual([]);

    // Day 1 starts after arrival: no morning.
    const noMorning = await actions.moveItineraryItem(organizer.ctx, {
      tripId,
      version: 2,
      itemKey: "a:belem-tower",
      day: 1,
      slot: "morning",
    });
    expect(noMorning).toMatchObject({ ok: false, code: "conflict:edit" });
    if (!noMorning.ok) expect(noMorning.message).toMatch(/Day 1 is the arrival day/);
    // The azulejo museum is closed on Mondays (day 1 is Monday 10 May): the refusal says so.
    const closed = await actions.moveItineraryItem(organizer.ctx, {
      tripId,
      version: 2,
      itemKey: "a:national-azulejo-museum",
      day: 1,
      slot: "afternoon",
    });
    expect(closed).toMatchObject({ ok: false, code: "conflict:edit" });
    if (!closed.ok) expect(closed.message).toMatch(/is closed on day 1 \(2027-05-10\)\. Try another day\./);
    // Where it already is: nothing changes, so no new version.
    const inPlace = await actions.moveItineraryItem(organizer.ctx, {
      tripId,
      version: 2,
      itemKey: "a:pilar-7-bridge",
      day: 5,
      slot: "afternoon",
    });
    expect(inPlace).toMatchObject({ ok: false, code: "conflict:edit" });
    if (!inPlace.ok) expect(inPlace.message).toMatch(/already in the afternoon of day 5/);
    expect((await currentItinerary({ tripId }))?.version).toBe(2);
    expect(await listItineraryVersions({ tripId })).toHaveLength(2);
  });

  it("add: a suitable activity goes in and is paid for; one that breaks a member's need or the pace is refused, changing nothing", async () => {
    const { tripId, organizer } = await planned();
    // MAAT ($13, 1.5h, open Wednesday) after the bridge on day 3 (14:20–15:20, at 38.6985, -9.179).
    // MAAT is at 38.6957, -9.1946: 0.0028° × 111.195 = 0.311 km, 0.0156° × 111.195 × cos 38.697°
    // (0.7805) = 1.354 km, 1.389 km straight, a walk: × 1.3 = 1.81 km / 4.5 km/h = 24.1 min → 25.
    // So 15:20 + 25 min = 15:45.
    const added = await actions.addItineraryActivity(organizer.ctx, {
      tripId,
      version: 1,
      activityId: "maat-museum",
      day: 3,
      slot: "afternoon",
    });
    expect(added).toEqual({ ok: true, data: { version: 2 } });
    const v2 = (await currentItinerary({ tripId }))?.itinerary as Itinerary;
    expect(itemOf(v2, "a:maat-museum")).toMatchObject({
      day: 3,
      slot: "afternoon",
      startTime: "15:45",
      costPerPerson: 13,
      locked: false,
    });
    expect(totals(v2)).toEqual([1394, 1544]);
    expect(v2.sources.map((s) => s.url)).toContain(
      factsFor("lisbon")?.activities.find((a) => a.id === "maat-museum")?.source.url,
    );
    expect(await violationsNow(tripId)).toEqual([]);

    // The Baixa walking tour isn't accessible for someone who needs hearing access.
    const inaccessible = await actions.addItineraryActivity(organizer.ctx, {
      tripId,
      version: 2,
      activityId: "baixa-walking-tour",
      day: 3,
      slot: "evening",
    });
    expect(inaccessible).toMatchObject({ ok: false, code: "conflict:edit" });
    if (!inaccessible.ok) expect(inaccessible.message).toMatch(/Member 0: not hearing accessible/);
    // Day 3 has 3 activities now, the most a balanced day holds. Its morning has time for the
    // monument (a 15-minute walk from the tower: 10:45–11:45, lunch at 13:00), so only the pace refuses it.
    const fourth = await actions.addItineraryActivity(organizer.ctx, {
      tripId,
      version: 2,
      activityId: "padrao-dos-descobrimentos",
      day: 3,
      slot: "morning",
    });
    expect(fourth).toMatchObject({ ok: false, code: "conflict:edit" });
    if (!fourth.ok) expect(fourth.message).toMatch(/Day 3 has 4 activities; a balanced day has at most 3/);
    // Already in the plan.
    const twice = await actions.addItineraryActivity(organizer.ctx, {
      tripId,
      version: 2,
      activityId: "belem-tower",
      day: 4,
      slot: "evening",
    });
    expect(twice).toMatchObject({ ok: false, message: "Belém Tower is already on day 3." });

    const after = await currentItinerary({ tripId });
    expect(after?.version).toBe(2);
    expect(after?.itinerary).toEqual(v2);
    expect(await listItineraryVersions({ tripId })).toHaveLength(2);
  });

  it("lock: a following regeneration keeps the locked item where the organizer put it, even when flagged; edits use no regeneration", async () => {
    const { tripId, organizer } = await planned();
    const locked = await actions.lockItineraryItem(organizer.ctx, {
      tripId,
      version: 1,
      itemKey: "a:pilar-7-bridge",
      locked: true,
    });
    expect(locked).toEqual({ ok: true, data: { version: 2 } });
    // Locking it again changes nothing: refused, no new version.
    expect(
      await actions.lockItineraryItem(organizer.ctx, { tripId, version: 2, itemKey: "a:pilar-7-bridge", locked: true }),
    ).toMatchObject({ ok: false, code: "conflict:edit", message: expect.stringMatching(/already locked/) });
    const moved = await actions.moveItineraryItem(organizer.ctx, {
      tripId,
      version: 2,
      itemKey: "a:pilar-7-bridge",
      day: 5,
      slot: "afternoon",
    });
    expect(moved).toEqual({ ok: true, data: { version: 3 } });
    expect((await getTrip({ tripId }))?.regenerations).toBe(0);

    // Both the locked bridge and the unlocked tower are flagged.
    for (const itemKey of ["a:pilar-7-bridge", "a:belem-tower"]) {
      const flag = await actions.flagItineraryItem(organizer.ctx, {
        tripId,
        version: 3,
        itemKey,
        reason: "not-my-thing",
        note: "",
      });
      expect(flag.ok).toBe(true);
    }
    const run = await runItinerary(tripId, "regenerate");
    expect(run.status).toBe("succeeded");
    const v4 = await currentItinerary({ tripId });
    expect(v4).toMatchObject({ version: 4, source: "regenerated", basedOnVersion: 3 });
    const plan = v4?.itinerary as Itinerary;
    expect(itemOf(plan, "a:pilar-7-bridge")).toMatchObject({ day: 5, slot: "afternoon", locked: true });
    expect(itemOf(plan, "a:belem-tower")).toBeUndefined();
    const outcomes = await listFeedback({ tripId });
    expect(outcomes.find((f) => f.itemKey === "a:pilar-7-bridge")?.outcome?.reason).toMatch(
      /Kept: the organizer locked/,
    );
    expect((await getTrip({ tripId }))?.regenerations).toBe(1);

    const unlocked = await actions.lockItineraryItem(organizer.ctx, {
      tripId,
      version: 4,
      itemKey: "a:pilar-7-bridge",
      locked: false,
    });
    expect(unlocked).toEqual({ ok: true, data: { version: 5 } });
    expect(itemOf((await currentItinerary({ tripId }))?.itinerary as Itinerary, "a:pilar-7-bridge")?.locked).toBe(
      false,
    );
    expect((await getTrip({ tripId }))?.regenerations).toBe(1);
  });

  it("refuses an edit made on a version that is no longer current, and any edit once the plan is final", async () => {
    const { tripId, organizer } = await planned();
    expect(
      (await actions.lockItineraryItem(organizer.ctx, { tripId, version: 1, itemKey: "a:belem-tower", locked: true }))
        .ok,
    ).toBe(true);
    const stale = await actions.removeItineraryItem(organizer.ctx, { tripId, version: 1, itemKey: "a:pilar-7-bridge" });
    expect(stale).toMatchObject({ ok: false, code: "conflict:version" });
    if (!stale.ok) expect(stale.message).toMatch(/^The plan changed since you opened it/);
    expect((await currentItinerary({ tripId }))?.version).toBe(2);
    expect(itemOf((await currentItinerary({ tripId }))?.itinerary as Itinerary, "a:pilar-7-bridge")).toBeDefined();

    expect((await actions.finalizePlan(organizer.ctx, { tripId })).ok).toBe(true);
    const frozen = await actions.removeItineraryItem(organizer.ctx, {
      tripId,
      version: 2,
      itemKey: "a:pilar-7-bridge",
    });
    expect(frozen).toMatchObject({ ok: false, code: "conflict:trip-status" });
    expect(await listItineraryVersions({ tripId })).toHaveLength(2);
  });

  it("a hand edit and a regeneration at the same moment: neither is lost, versions are numbered in the order they landed", async () => {
    const { tripId, organizer } = await planned();
    const [edit, run] = await Promise.all([
      actions.removeItineraryItem(organizer.ctx, { tripId, version: 1, itemKey: "a:belem-tower" }),
      runItinerary(tripId, "regenerate"),
    ]);
    expect(run.status).toBe("succeeded");
    const versions = (await listItineraryVersions({ tripId })).reverse();
    if (edit.ok) {
      // The edit landed first: the regeneration was planned from it, after it.
      expect(versions.map((v) => [v.version, v.source, v.basedOnVersion])).toEqual([
        [1, "generated", null],
        [2, "edited", 1],
        [3, "regenerated", 2],
      ]);
      expect(itemOf((await currentItinerary({ tripId }))?.itinerary as Itinerary, "a:belem-tower")).toBeUndefined();
    } else {
      // The regeneration started first: the edit was refused in words (not silently overwritten), nothing of it stored.
      expect(edit.code).toBe("conflict:run-active");
      expect(versions.map((v) => [v.version, v.source, v.basedOnVersion])).toEqual([
        [1, "generated", null],
        [2, "regenerated", 1],
      ]);
    }
    // Whichever won, the edit can be made on the latest version afterwards.
    const latest = (await currentItinerary({ tripId }))?.version ?? 0;
    const again = await actions.lockItineraryItem(organizer.ctx, {
      tripId,
      version: latest,
      itemKey: "a:pilar-7-bridge",
      locked: true,
    });
    expect(again).toEqual({ ok: true, data: { version: latest + 1 } });
  });
});

describe("after the organizer changes the trip's dates", () => {
  it("the plan made for the old dates can't be edited or finalized as the trip's plan; one made for the new dates can", async () => {
    const { tripId, organizer } = await planned();
    const changed = await actions.setTripDates(organizer.ctx, { tripId, start: "2027-07-01", end: "2027-07-07" });
    expect(changed.ok).toBe(true);

    const edits = [
      await actions.moveItineraryItem(organizer.ctx, {
        tripId,
        version: 1,
        itemKey: "a:belem-tower",
        day: 4,
        slot: "afternoon",
      }),
      await actions.addCustomItineraryItem(organizer.ctx, {
        tripId,
        version: 1,
        title: "Dinner at Ana's",
        day: 3,
        slot: "evening",
      }),
    ];
    for (const edit of edits) {
      expect(edit).toMatchObject({ ok: false, code: "conflict:edit" });
      if (!edit.ok) expect(edit.message).toMatch(/May 10–14.*Jul 1–7/);
    }
    expect(await actions.finalizePlan(organizer.ctx, { tripId })).toMatchObject({
      ok: false,
      code: "conflict:dates-changed",
    });
    expect(await getTrip({ tripId })).toMatchObject({ status: "planning" });
    expect(await listItineraryVersions({ tripId })).toHaveLength(1);

    expect((await runItinerary(tripId)).status).toBe("succeeded");
    expect((await currentItinerary({ tripId }))?.itinerary.dates).toMatchObject({
      start: "2027-07-01",
      end: "2027-07-07",
    });
    expect(await actions.finalizePlan(organizer.ctx, { tripId })).toMatchObject({ ok: true });
  });
});

describe("suggesting an addition", () => {
  it("refuses an activity already in the plan and the same suggestion twice from one member, storing nothing more", async () => {
    const { tripId, organizer } = await planned();
    const suggest = (activityId: string | null, text = "") =>
      actions.suggestAddition(organizer.ctx, { tripId, version: 1, activityId, text });

    const inPlan = await suggest("belem-tower");
    expect(inPlan).toMatchObject({ ok: false, code: "conflict:feedback" });
    if (!inPlan.ok) expect(inPlan.message).toMatch(/already in the plan, on day 3/);

    expect((await suggest("maat-museum")).ok).toBe(true);
    expect(await suggest("maat-museum", "with the kids")).toMatchObject({ ok: false, code: "conflict:feedback" });
    expect((await suggest(null, "A fado night")).ok).toBe(true);
    expect(await suggest(null, "  a FADO night ")).toMatchObject({ ok: false, code: "conflict:feedback" });
    expect((await listFeedback({ tripId })).map((f) => [f.suggestedActivityId, f.text])).toEqual([
      ["maat-museum", ""],
      [null, "A fado night"],
    ]);

    // Taken back, it can be suggested again.
    const [first] = await listFeedback({ tripId });
    if (!first) throw new Error("no suggestion");
    expect((await actions.withdrawFeedback(organizer.ctx, { tripId, feedbackId: first.id })).ok).toBe(true);
    expect((await suggest("maat-museum")).ok).toBe(true);
  });
});

describe("regenerating once the group's regenerations are used up", () => {
  it("every click says so, however many times it is tried; none counts against the model rate limit", async () => {
    const { tripId, organizer } = await planned();
    const flagged = await actions.flagItineraryItem(organizer.ctx, {
      tripId,
      version: 1,
      itemKey: "a:belem-tower",
      reason: "not-my-thing",
      note: "",
    });
    expect(flagged.ok).toBe(true);
    const db = await getDb();
    await db.update(trips).set({ regenerations: MAX_REGENERATIONS }).where(eq(trips.id, tripId));
    for (let click = 0; click < 10; click++) {
      expect(await actions.regenerateItinerary(organizer.ctx, { tripId })).toMatchObject({
        ok: false,
        code: "limit:regenerations",
      });
    }
    // The plan is still the organizer's to change in other ways that spend no model calls.
    expect(await actions.removeItineraryItem(organizer.ctx, { tripId, version: 1, itemKey: "a:belem-tower" })).toEqual({
      ok: true,
      data: { version: 2 },
    });
  });
});
