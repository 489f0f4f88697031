import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { itineraryGate } from "@/lib/agents/itinerary-gate";
import { listFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary, itineraryVersion } from "@/lib/db/queries/itineraries";
import { latestRun } from "@/lib/db/queries/runs";
import { getTrip } from "@/lib/db/queries/trips";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryState } from "@/lib/schemas/itinerary-pipeline";
import type { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { itineraryOutcome, keysOf, lisbonPlan, runItinerary } from "@/test/itinerary";
import { testDeps } from "@/test/pipeline";

withTestDatabase();

/** The organizer's own items survive a regeneration, on the known Lisbon plan (test/itinerary.ts `lisbonPlan`). */
const planned = lisbonPlan;

/**
 * By hand: the ginjinha bar leaves day 2 (a full day has no room for a 4th item at this
 * pace), then "Dinner at Aunt May's" ($40) goes in day 2's evening, then the Belém tower is
 * locked. Versions 2, 3 and 4; activities $81 − $2 + $40 = $119 a person.
 */
async function withOwnItem(tripId: string, organizer: ReturnType<typeof browser>) {
  const ok = (r: { ok: boolean }) => expect(r).toMatchObject({ ok: true });
  ok(await actions.removeItineraryItem(organizer.ctx, { tripId, version: 1, itemKey: "a:ginjinha-espinheira" }));
  ok(
    await actions.addCustomItineraryItem(organizer.ctx, {
      tripId,
      version: 2,
      title: "Dinner at Aunt May's",
      day: 2,
      slot: "evening",
      costPerPerson: 40,
      note: "She cooks; we bring dessert.",
    }),
  );
  ok(await actions.lockItineraryItem(organizer.ctx, { tripId, version: 3, itemKey: "a:belem-tower", locked: true }));
  const v4 = await currentItinerary({ tripId });
  if (!v4) throw new Error("no plan");
  expect(v4.version).toBe(4);
  const own = itemOf(v4.itinerary, (i) => i.kind === "custom");
  if (!own) throw new Error("no custom item");
  expect(own).toMatchObject({
    day: 2,
    slot: "evening",
    // It is the day's dinner (its title says so): the planned dinner makes way, and it takes that
    // dinner's hour (18:30) and length (1 h 30 min).
    startTime: "18:30",
    durationHours: 1.5,
    meal: "dinner",
    title: "Dinner at Aunt May's",
    description: "She cooks; we bring dessert.",
    costPerPerson: 40,
    locked: false,
  });
  expect(activitiesLines(v4.itinerary)).toEqual([119, 119]);
  expect(v4.itinerary.days[1]?.meals.map((m) => m.meal)).toEqual(["lunch"]);
  return { v4, own };
}

const activitiesLines = (plan: Itinerary) => plan.costs.map((c) => c.lines.find((l) => l.item === "activities")?.usd);
const itemOf = (plan: Itinerary, which: (i: Itinerary["days"][number]["items"][number]) => boolean) =>
  plan.days.flatMap((d) => d.items.map((i) => ({ ...i, day: d.day }))).find(which);

describe("the organizer's own items on a regeneration", () => {
  it("a regeneration for a flag on another item keeps the own item exactly and the locked one, and costs it for everyone", async () => {
    const { tripId, organizer } = await planned();
    const { own } = await withOwnItem(tripId, organizer);
    expect((await getTrip({ tripId }))?.regenerations).toBe(0);

    const flag = await actions.flagItineraryItem(organizer.ctx, {
      tripId,
      version: 4,
      itemKey: "a:national-coach-museum",
      reason: "not-my-thing",
      note: "",
    });
    expect(flag.ok).toBe(true);
    expect(await actions.regenerateItinerary(organizer.ctx, { tripId })).toMatchObject({ ok: true });
    await settleLocalRuns();
    const run = await latestRun({ tripId });
    expect(run).toMatchObject({ kind: "regenerate", status: "succeeded" });
    const { stored, violations } = await itineraryOutcome(tripId, run?.id ?? "");
    expect(violations).toEqual([]);
    expect(stored).toMatchObject({ version: 5, source: "regenerated", basedOnVersion: 4 });
    const plan = stored?.itinerary as Itinerary;

    // The organizer's own item, exactly as they left it: same key, day, slot, start, words, cost, lock.
    expect(itemOf(plan, (i) => i.kind === "custom")).toEqual(own);
    expect(plan.days.flatMap((d) => d.items).filter((i) => i.kind === "custom")).toHaveLength(1);
    // The locked tower where it was; the flagged coach museum gone.
    expect(itemOf(plan, (i) => i.key === "a:belem-tower")).toMatchObject({
      day: 3,
      slot: "morning",
      startTime: "09:30",
      locked: true,
    });
    expect(itemOf(plan, (i) => i.key === "a:national-coach-museum")).toBeUndefined();
    // The offline planner puts the Padrão dos Descobrimentos (afternoon, $11 in the facts) where the museum was.
    expect(keysOf(plan)).toEqual([
      ["a:lx-factory", "a:park-bar-rooftop"],
      ["a:feira-da-ladra", "a:national-azulejo-museum", own.key],
      ["a:belem-tower", "a:pilar-7-bridge"],
      ["a:jeronimos-monastery", "a:padrao-dos-descobrimentos"],
      ["a:lisbon-cathedral-se", "a:principe-real-stroll"],
    ]);
    // Activities a person, item by item: 0 + 15 | 0 + 9 + 40 (Aunt May's) | 11 + 7 | 20 + 11 | 6 + 0 = $119
    // ($79 without the dinner). Olga $700 + $600 + $119 = $1,419; Sam $850 + $600 + $119 = $1,569.
    expect(activitiesLines(plan)).toEqual([119, 119]);
    expect(plan.costs.map((c) => c.total).sort((a, b) => a - b)).toEqual([1419, 1569]);

    const outcomes = await listFeedback({ tripId });
    expect(outcomes.map((f) => f.status)).toEqual(["applied"]);
    // The hand edits used no regeneration; the regeneration one.
    expect((await getTrip({ tripId }))?.regenerations).toBe(1);
  });

  it("a flag on an own item: a locked one stays (declined, the organizer locked it), an unlocked one goes like any item", async () => {
    const { tripId, organizer } = await planned();
    const { own } = await withOwnItem(tripId, organizer);
    // Aunt May's dinner locked (v5); a $5 picnic of the organizer's own in day 3's free evening (v6).
    expect(
      await actions.lockItineraryItem(organizer.ctx, { tripId, version: 4, itemKey: own.key, locked: true }),
    ).toMatchObject({ ok: true });
    expect(
      await actions.addCustomItineraryItem(organizer.ctx, {
        tripId,
        version: 5,
        title: "Picnic by the river",
        day: 3,
        slot: "evening",
        costPerPerson: 5,
        note: "",
      }),
    ).toMatchObject({ ok: true });
    const v6 = (await currentItinerary({ tripId }))?.itinerary as Itinerary;
    const picnic = itemOf(v6, (i) => i.title === "Picnic by the river");
    // After dinner (18:30–20:00) and the stated 15-minute estimate to a place we can't locate.
    expect(picnic).toMatchObject({ day: 3, slot: "evening", startTime: "20:15", costPerPerson: 5, locked: false });
    // $119 + $5.
    expect(activitiesLines(v6)).toEqual([124, 124]);

    for (const itemKey of [own.key, picnic?.key ?? ""]) {
      const flag = await actions.flagItineraryItem(organizer.ctx, {
        tripId,
        version: 6,
        itemKey,
        reason: "not-my-thing",
        note: "",
      });
      expect(flag.ok).toBe(true);
    }
    const run = await runItinerary(tripId, "regenerate");
    expect(run.status).toBe("succeeded");
    const { stored, violations } = await itineraryOutcome(tripId, run.id);
    expect(violations).toEqual([]);
    const plan = stored?.itinerary as Itinerary;
    expect(stored?.version).toBe(7);
    // The locked dinner exactly as it was (now locked); the picnic gone.
    expect(itemOf(plan, (i) => i.kind === "custom")).toEqual({ ...own, locked: true });
    expect(itemOf(plan, (i) => i.key === picnic?.key)).toBeUndefined();
    const outcomes = await listFeedback({ tripId });
    expect(outcomes.find((f) => f.itemKey === own.key)?.outcome).toMatchObject({
      status: "declined",
      reason: `Kept: the organizer locked "Dinner at Aunt May's" in place.`,
    });
    expect(outcomes.find((f) => f.itemKey === picnic?.key)?.outcome).toMatchObject({
      status: "applied",
      reason: expect.stringMatching(/^Removed "Picnic by the river"/),
    });
    // Everyone pays for what is in the plan, the dinner included.
    const sum = plan.days.flatMap((d) => d.items).reduce((n, i) => n + i.costPerPerson, 0);
    expect(sum).toBeGreaterThanOrEqual(40);
    expect(activitiesLines(plan)).toEqual([sum, sum]);
  });
});

describe("the pipeline's gate and the organizer's own items", () => {
  it("passes an own item only as it was in the version regenerated from; refuses one that wasn't there, or was changed", async () => {
    const { tripId, organizer, firstRunId } = await planned();
    const { v4, own } = await withOwnItem(tripId, organizer);
    const v2 = await itineraryVersion({ tripId, version: 2 });
    if (!v2) throw new Error("no version 2");
    const { steps } = await itineraryOutcome(tripId, firstRunId);
    const loaded = steps.find((s) => s.stepId === "load")?.result as { patch: Partial<ItineraryState> } | undefined;
    if (!loaded) throw new Error("no load step");
    const load = loaded.patch;

    /** The gate's state for a run that drafted `plan`'s days from `previous`. */
    const gateOn = async (plan: Itinerary, previous: Itinerary) => {
      const state: Partial<ItineraryState> = {
        ...load,
        brief: { ...(load.brief as ItineraryState["brief"]), kind: "regenerate", basedOnVersion: 4 },
        feedback: [],
        allocation: { days: [], outcomes: [], notes: [], activityBudget: null },
        days: plan.days,
        costSheet: {
          costs: plan.costs,
          range: plan.costRange,
          mode: plan.budgetMode,
          impactedMemberIds: plan.impactedMemberIds,
          notes: plan.costNotes,
          stretches: plan.stretches,
        },
        finishing: { weather: plan.weather, packingList: plan.packingList, assumptions: plan.assumptions },
        previous,
      };
      const out = await itineraryGate.invoke(state, testDeps(), { stepId: "validate:1", arg: undefined });
      return out.patch.violations;
    };
    const invented = {
      day: 2,
      rule: "ungrounded",
      message: `Day 2, "Dinner at Aunt May's" is not an activity we know.`,
      itemKey: own.key,
    };

    // Regenerating from version 4, which has it: it passes as it is.
    expect(await gateOn(v4.itinerary, v4.itinerary)).toEqual([]);
    // From version 2, which never had it: a made-up item, refused.
    expect(await gateOn(v4.itinerary, v2.itinerary)).toEqual([invented]);
    // From version 4, but moved an hour later, or with other words: not the organizer's item any more.
    const changed = (change: (i: Itinerary["days"][number]["items"][number]) => void) => {
      const plan = structuredClone(v4.itinerary);
      for (const d of plan.days) for (const i of d.items) if (i.key === own.key) change(i);
      return plan;
    };
    expect(
      await gateOn(
        changed((i) => {
          i.startTime = "21:00";
        }),
        v4.itinerary,
      ),
    ).toEqual([invented]);
    expect(
      await gateOn(
        changed((i) => {
          i.description = "A lovely dinner with the family.";
        }),
        v4.itinerary,
      ),
    ).toEqual([invented]);
  });
});
