import { offlineModels } from "@/lib/ai/models";
import { itemBreaches } from "@/lib/constraints/judge";
import { respondentConstraints } from "@/lib/constraints/member";
import { closeDb } from "@/lib/db/client";
import { addFeedback, listFlagsInForce } from "@/lib/db/queries/feedback";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { createRunOrGetActive, getRun } from "@/lib/db/queries/runs";
import { demoMembers } from "@/lib/demo-trip";
import { factsFor } from "@/lib/facts";
import { runLocal } from "@/lib/pipeline/local-runner";
import { dislikedBy } from "@/lib/planning/day-limits";
import { applyHandEdit, EditRefused } from "@/lib/planning/hand-edits";
import type { Itinerary, Slot } from "@/lib/schemas/itinerary";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { planningTrip } from "./itinerary";

const ROUNDS = 3;
const FLAGS_PER_ROUND = 2;

function twelveMembers(): { name: string; preferences: MemberPreferences }[] {
  const homes = ["Chicago", "Boston", "Denver", "Seattle", "Austin", "Miami"];
  const vibes = [["culture", "food"], ["nightlife"], ["nature", "adventure"], ["food"]] as const;
  return Array.from({ length: 12 }, (_, i) => ({
    name: `Member ${i + 1}`,
    preferences: {
      ...emptyPreferences(),
      dates: { flexible: true, windows: [] },
      budget: { currency: "USD", minAmount: 80000, maxAmount: 300000, hardLimit: false },
      pace: "packed",
      accommodation: "midrange",
      vibes: [...(vibes[i % vibes.length] ?? [])],
      dietary: i === 3 ? ["vegetarian"] : [],
      origin: homes[i % homes.length] ?? "Chicago",
    } as MemberPreferences,
  }));
}

async function run(tripId: string, kind: "itinerary" | "regenerate"): Promise<Itinerary> {
  const { run } = await createRunOrGetActive({ tripId, kind, engine: "local", requestedBy: null });
  await runLocal(run.id, {
    models: offlineModels({ latencyMs: 0 }),
    now: () => new Date("2026-11-23T12:00:00Z"),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    parallel: true,
  });
  const finished = await getRun({ runId: run.id });
  if (finished?.status !== "succeeded")
    throw new Error(`benchmark run ${finished?.status}: ${finished?.error?.message}`);
  const current = await currentItinerary({ tripId });
  if (!current) throw new Error("no plan");
  return current.itinerary;
}

/**
 * Free parts of days while an unplaced activity that suits everyone (and isn't flagged) could
 * still go there: the organizer's own hand edit (lib/planning/hand-edits.ts, judged by the
 * independent validator) would accept adding it to that part of that day.
 */
async function freeWhileEligible(tripId: string, slug: string, itinerary: Itinerary) {
  const facts = factsFor(slug);
  if (!facts) throw new Error(slug);
  const raw = (await listMembersWithPreferences({ tripId })).map(({ id, name, preferences }) => ({
    id,
    name,
    preferences,
  }));
  const members = respondentConstraints(raw);
  const inForce = await listFlagsInForce({ tripId });
  const flagged = new Set(inForce.map((f) => f.itemKey));
  const ctx = {
    facts,
    members: raw,
    dates: { start: "2027-03-13", end: "2027-03-17" },
    today: "2026-11-23",
    now: new Date("2026-11-23T12:00:00Z"),
    flags: inForce.flatMap((f) =>
      f.itemKey && f.reason ? [{ id: f.id, itemKey: f.itemKey, reason: f.reason, text: f.text }] : [],
    ),
  };
  const addable = (activityId: string, day: number, slot: Slot) => {
    try {
      applyHandEdit(itinerary, { kind: "add", activityId, day, slot }, ctx);
      return true;
    } catch (error) {
      if (error instanceof EditRefused) return false;
      throw error;
    }
  };
  const inPlan = new Set(itinerary.days.flatMap((d) => d.items.map((i) => i.activityId)));
  const left = facts.activities.filter(
    (a) =>
      !inPlan.has(a.id) &&
      !flagged.has(`a:${a.id}`) &&
      itemBreaches(a, members).length === 0 &&
      dislikedBy(members, a).length === 0,
  );
  let free = 0;
  let withEligible = 0;
  const reasons = new Map<string, number>();
  for (const day of itinerary.days) {
    for (const slot of day.free ?? []) {
      free++;
      if (left.some((a) => addable(a.id, day.day, slot))) withEligible++;
      const why = day.freeWhy?.find((f) => f.slot === slot)?.reason ?? "(no reason given)";
      reasons.set(why, (reasons.get(why) ?? 0) + 1);
    }
  }
  return { free, withEligible, reasons };
}

const perDay = (i: Itinerary) => i.days.map((d) => d.items.length).join(" ");
const total = (i: Itinerary) => i.days.reduce((n, d) => n + d.items.length, 0);

async function oneTrip(title: string, members: { name: string; preferences: MemberPreferences }[], slug: string) {
  const tripId = await planningTrip(members, slug, "2027-03-13", "2027-03-17");
  const first = await run(tripId, "itinerary");
  let plan = first;
  const flagger = (await listMembersWithPreferences({ tripId }))[1];
  if (!flagger) throw new Error("no member");
  for (let round = 1; round <= ROUNDS; round++) {
    const current = await currentItinerary({ tripId });
    if (!current) throw new Error("no plan");
    // Two of the plan's activities, spread over the trip: the first item of the second and of the fourth day
    // (or of the busiest days when those are empty).
    const items = current.itinerary.days.flatMap((d) => d.items.filter((i) => i.kind === "activity" && !i.locked));
    const picks = [items[Math.floor(items.length / 4)], items[Math.floor((3 * items.length) / 4)]].filter(
      (x, i, all) => x && all.indexOf(x) === i,
    );
    for (const item of picks.slice(0, FLAGS_PER_ROUND)) {
      if (!item) continue;
      await addFeedback({
        tripId,
        memberId: flagger.id,
        itineraryVersion: current.version,
        kind: "flag",
        itemKey: item.key,
        reason: "not-my-thing",
        text: "",
        suggestedActivityId: null,
      });
    }
    plan = await run(tripId, "regenerate");
  }
  const { free, withEligible, reasons } = await freeWhileEligible(tripId, slug, plan);
  console.log(`\n${title}, packed pace, ${ROUNDS} rounds of ${FLAGS_PER_ROUND} flags`);
  console.log(`  activities per day, first plan   ${perDay(first)}  (${total(first)} in all)`);
  console.log(`  activities per day, after flags  ${perDay(plan)}  (${total(plan)} in all)`);
  console.log(`  free parts of days               ${free}`);
  console.log(`  … while an eligible activity fits  ${withEligible}  (goal: 0; judged by adding it by hand)`);
  for (const [why, n] of reasons) console.log(`    ${n} × ${why}`);
}

export async function benchRegeneration(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  const demo = demoMembers(new Date("2026-11-23T00:00:00Z")).map((m) => ({
    ...m,
    preferences: { ...m.preferences, pace: "packed" as const },
  }));
  await oneTrip("Demo group (5), 5 days in New Orleans", demo, "new-orleans");
  await oneTrip("12-member group, 5 days in Mexico City", twelveMembers(), "mexico-city");
  await closeDb();
}
