import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { offlineModels } from "@/lib/ai/models";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive, getRun } from "@/lib/db/queries/runs";
import { preferences } from "@/lib/db/schema";
import { runLocal } from "@/lib/pipeline/local-runner";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { PLANTED, plantedTrip } from "@/test/member-data";
import { runPipeline, testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * Issue 25: an erasure while a run is running would be undone by the run, which read the
 * member's answers at its start and stores what it made of them at its end. Erasing one's
 * answers, leaving, removal and deleting the trip are refused while a run is running, checked
 * with the trip row locked in the erasure's own transaction (lib/db/queries/erasure.ts).
 */

/** A model set whose calls wait at a gate: the run has read everyone's answers and is mid-way. */
function gatedModels() {
  const base = offlineModels();
  let reached = () => {};
  let open = () => {};
  const atGate = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const models = {
    ...base,
    limit: async <T>(call: () => Promise<T>): Promise<T> => {
      reached();
      await gate;
      return base.limit(call);
    },
  };
  return { models, atGate, open };
}

const refusal = (then: string) => ({
  ok: false,
  code: "conflict:run-active",
  message: expect.stringMatching(new RegExp(`being generated.*Wait for it to finish, then ${then}\\.$`)),
});

describe("erasing while a regeneration is running", () => {
  it("erase, leave, removal and deletion are refused with a clear message and change nothing; the run's version is whole; erasing after it takes him out of that version too", async () => {
    const trip = await plantedTrip();
    const { tripId, organizer, bartholomew, bartId } = trip;
    const before = await currentItinerary({ tripId });
    const { run } = await createRunOrGetActive({
      tripId,
      kind: "regenerate",
      engine: "local",
      requestedBy: trip.olgaId,
    });
    const { models, atGate, open } = gatedModels();
    const running = runLocal(run.id, testDeps({}, { models }), { backoffMs: () => 0 });
    await atGate;

    expect(await actions.eraseMyAnswers(bartholomew.ctx, { tripId })).toMatchObject(refusal("erase your answers"));
    expect(await actions.leaveTrip(bartholomew.ctx, { tripId, confirm: true })).toMatchObject(
      refusal("leave the trip"),
    );
    expect(await actions.removeMember(organizer.ctx, { tripId, memberId: bartId })).toMatchObject(
      refusal("remove them"),
    );
    expect(await actions.deleteTrip(organizer.ctx, { tripId, confirmName: "Group trip" })).toMatchObject(
      refusal("delete the trip"),
    );
    // Nothing changed: he is a member with his answers, the trip is there.
    expect((await requireMember(bartholomew.ctx, tripId)).member.name).toBe(PLANTED.name);
    const db = await getDb();
    const answered = await db.select().from(preferences).where(eq(preferences.memberId, bartId));
    expect(answered[0]?.data.origin).toBe(PLANTED.origin);

    open();
    await running;
    expect((await getRun({ runId: run.id }))?.status).toBe("succeeded");
    // The version the run stored was made with his answers, which are still his: it prices him.
    const made = await currentItinerary({ tripId });
    expect(made?.version).toBe((before?.version ?? 0) + 1);
    expect(made?.itinerary.costs.map((c) => c.memberId)).toContain(bartId);

    // Once it is done, erasing works, and takes his cost sheet out of the version it stored.
    expect(await actions.eraseMyAnswers(bartholomew.ctx, { tripId })).toEqual({ ok: true, data: { erased: true } });
    const after = await currentItinerary({ tripId });
    expect(after?.version).toBe(made?.version);
    expect(after?.itinerary.costs.map((c) => c.memberId).sort()).toEqual([trip.olgaId, trip.cleoId].sort());
  });
});

type Erasure = "erase" | "leave" | "remove" | "delete";

/**
 * Each erasure fired at the same moment as a regeneration's start, on real concurrent
 * transactions when the tests run on Postgres: one of them goes first, and the other
 * either is refused with the domain's answer or works on what the first left. Never a
 * stored version with an erased member in it.
 */
describe("an erasure racing the start of a regeneration", () => {
  for (const erasure of ["erase", "leave", "remove", "delete"] as const) {
    it(`${erasure}: either it is refused, or the version the run stores has no trace of him`, async () => {
      const { tripId, organizer, bartholomew, bartId } = await tripWithAPlan();

      const start = createRunOrGetActive({ tripId, kind: "regenerate", engine: "local", requestedBy: null }).then(
        (r) => ({ ok: true as const, run: r.run }),
        (error: { code?: string }) => ({ ok: false as const, code: error.code }),
      );
      const erased = act(erasure, { tripId, organizer, bartholomew, bartId });
      const [started, done] = await Promise.all([start, erased]);

      if (!done.ok) {
        // The run went first: the erasure was refused, and only that.
        expect(done).toMatchObject({ code: "conflict:run-active" });
        expect(started.ok).toBe(true);
      }
      if (started.ok && started.run.status === "running") {
        await runLocal(started.run.id, testDeps(), { backoffMs: () => 0 });
        expect((await getRun({ runId: started.run.id }))?.status).toBe("succeeded");
      } else {
        // The trip went first (deleted): the run could not start.
        expect(erasure).toBe("delete");
        expect(done.ok).toBe(true);
        expect(started).toMatchObject({ ok: false, code: "not_found:trip" });
        return;
      }
      const plan = await currentItinerary({ tripId });
      const priced = plan?.itinerary.costs.map((c) => c.memberId) ?? [];
      if (done.ok) expectNoTraceOf(plan?.itinerary, bartId, erasure);
      else expect(priced).toContain(bartId);
    });

    it(`${erasure} just before a regeneration starts: the run reads the answers without him`, async () => {
      const { tripId, organizer, bartholomew, bartId } = await tripWithAPlan();
      const done = await act(erasure, { tripId, organizer, bartholomew, bartId });
      expect(done.ok).toBe(true);
      if (erasure === "delete") {
        await expect(
          createRunOrGetActive({ tripId, kind: "regenerate", engine: "local", requestedBy: null }),
        ).rejects.toMatchObject({ code: "not_found:trip" });
        return;
      }
      expect((await runItinerary(tripId, "regenerate")).status).toBe("succeeded");
      const plan = await currentItinerary({ tripId });
      expect(plan?.version).toBe(2);
      expectNoTraceOf(plan?.itinerary, bartId, erasure);
    });
  }
});

/** A stored version made after the erasure: no cost sheet for him, nothing of his answers; no id once he is gone. */
function expectNoTraceOf(plan: Itinerary | undefined, memberId: string, erasure: Erasure) {
  expect(plan).toBeDefined();
  expect(plan?.costs.map((c) => c.memberId)).not.toContain(memberId);
  const text = JSON.stringify(plan);
  for (const word of [PLANTED.origin, PLANTED.notes]) expect(text).not.toContain(word);
  if (erasure !== "erase") expect(text).not.toContain(memberId);
}

/** Olga and Bartholomew answered; recommendations, a choice, dates and a first plan made. */
async function tripWithAPlan() {
  const trip = await newTrip("Group trip");
  const { tripId, organizer } = trip;
  const bartholomew = await trip.join(PLANTED.name);
  for (const [who, preferences] of [
    [organizer, answers({ origin: "Boston" })],
    [bartholomew, answers({ origin: PLANTED.origin, notes: PLANTED.notes })],
  ] as const) {
    expect((await actions.savePreferences(who.ctx, { tripId, expectedVersion: 0, preferences })).ok).toBe(true);
  }
  await runPipeline(tripId);
  const stored = await latestRecommendations({ tripId });
  const slug = stored?.pack.options[0]?.slug;
  if (!stored || !slug) throw new Error("no options");
  expect((await actions.chooseDestination(organizer.ctx, { tripId, recommendationId: stored.id, slug })).ok).toBe(true);
  expect((await actions.setTripDates(organizer.ctx, { tripId, start: "2027-06-12", end: "2027-06-16" })).ok).toBe(true);
  expect((await runItinerary(tripId)).status).toBe("succeeded");
  const bartId = (await requireMember(bartholomew.ctx, tripId)).member.id;
  return { tripId, organizer, bartholomew, bartId };
}

function act(
  erasure: Erasure,
  {
    tripId,
    organizer,
    bartholomew,
    bartId,
  }: { tripId: string; organizer: TestBrowser; bartholomew: TestBrowser; bartId: string },
) {
  switch (erasure) {
    case "erase":
      return actions.eraseMyAnswers(bartholomew.ctx, { tripId });
    case "leave":
      return actions.leaveTrip(bartholomew.ctx, { tripId, confirm: true });
    case "remove":
      return actions.removeMember(organizer.ctx, { tripId, memberId: bartId });
    case "delete":
      return actions.deleteTrip(organizer.ctx, { tripId, confirmName: "Group trip" });
  }
}

/**
 * A member saving answers from one tab while erasing them, or leaving, from another: on
 * Postgres these are concurrent transactions on the same rows. Each gets a domain answer
 * (never "Something went wrong"); answers are left only when the save came after the
 * erasure (he may answer again), never once he has left.
 */
describe("saving answers while erasing them or leaving", () => {
  for (const erasure of ["erase", "leave"] as const) {
    it(`${erasure} ∥ save: only domain answers; answers are left only when the save came after an erasure`, async () => {
      const { tripId, organizer, bartholomew, bartId } = await tripWithAPlan();
      const db = await getDb();
      for (let round = 0; round < 3; round++) {
        const [current] = await db.select().from(preferences).where(eq(preferences.memberId, bartId));
        const saving = actions.savePreferences(bartholomew.ctx, {
          tripId,
          expectedVersion: current?.version ?? 0,
          preferences: answers({ origin: PLANTED.origin, notes: `${PLANTED.notes} (round ${round})` }),
        });
        const [saved, done] = await Promise.all([saving, act(erasure, { tripId, organizer, bartholomew, bartId })]);
        for (const answer of [saved, done]) {
          if (!answer.ok) expect(answer.code).toMatch(/^(conflict|not_found):/);
        }
        expect(done.ok).toBe(true);
        const [left] = await db.select().from(preferences).where(eq(preferences.memberId, bartId));
        // The save landed after the erasure (he can answer again), or the erasure took it.
        if (left) expect(saved.ok).toBe(true);
        if (erasure === "leave") {
          expect(left).toBeUndefined();
          return;
        }
      }
    });
  }
});
