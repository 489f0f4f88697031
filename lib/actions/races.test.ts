import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import type { ActionResult } from "@/lib/actions/define";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { currentItinerary, listItineraryVersions } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { getRun, latestRun } from "@/lib/db/queries/runs";
import { getTrip } from "@/lib/db/queries/trips";
import {
  destinationVotes,
  feedbackItems,
  pipelineRuns,
  preferences,
  progressEvents,
  runSteps,
  tripEvents,
} from "@/lib/db/schema";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { plannedTrip, runItinerary } from "@/test/itinerary";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();

/**
 * Writes racing each other answer what they answer one at a time: done, or a refusal a
 * person can act on — never "Something went wrong" (`internal`). PGlite runs one
 * transaction at a time, so these races matter on PostgreSQL (CI runs `npm test` with
 * DATABASE_URL set): there, lock waits, deadlocks and rows vanishing mid-write are real.
 * Each race is run several times, launched together and, for runs, at every moment
 * through the run's end (when its last rows are still going in).
 */

const ROUNDS = 6;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every answer a race gave, by its code ("ok" when done). */
class Answers {
  readonly seen: string[] = [];
  note<R extends ActionResult<unknown>>(result: R): R {
    this.seen.push(result.ok ? "ok" : result.code);
    return result;
  }
  /** Only the given answers came back (and so never `internal`). */
  expectOnly(allowed: string[]) {
    expect(this.seen.filter((code) => code === "internal")).toEqual([]);
    expect([...new Set(this.seen)].filter((code) => !allowed.includes(code))).toEqual([]);
  }
}

async function memberIdOf(who: TestBrowser, tripId: string): Promise<string> {
  return (await requireMember(who.ctx, tripId)).member.id;
}

/** Rows of a table that still name the trip (or its runs). */
async function leftovers(tripId: string, runIds: string[]) {
  const db = await getDb();
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  let steps = 0;
  let progress = 0;
  for (const runId of runIds) {
    steps += await n(db.select({ n: count() }).from(runSteps).where(eq(runSteps.runId, runId)));
    progress += await n(db.select({ n: count() }).from(progressEvents).where(eq(progressEvents.runId, runId)));
  }
  return {
    runs: await n(db.select({ n: count() }).from(pipelineRuns).where(eq(pipelineRuns.tripId, tripId))),
    events: await n(db.select({ n: count() }).from(tripEvents).where(eq(tripEvents.tripId, tripId))),
    steps,
    progress,
  };
}

/** Calls `act` until it is done (or refused with something other than the run being busy). */
async function untilNotBusy<T>(answers: Answers, act: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  for (let i = 0; i < 2000; i++) {
    const result = answers.note(await act());
    if (result.ok || result.code !== "conflict:run-active") return result;
    await pause(2);
  }
  throw new Error("still busy after 2000 tries");
}

// Each race runs many rounds, and a run per round: more than the default 30 s on a busy machine.
describe("races on the same trip answer as if one came first", { timeout: 180_000 }, () => {
  it("a member saving their answers and voting while the organizer removes them: done, or 'not in this trip'; nothing of theirs stays", async () => {
    const answersSeen = new Answers();
    const trip = await tripWithAnswers([{ name: "Olga", answers: answers() }]);
    await runPipeline(trip.tripId);
    const pack = await latestRecommendations({ tripId: trip.tripId });
    for (let round = 0; round < ROUNDS * 2; round++) {
      const mia = await trip.join(`Mia ${round}`);
      const miaId = await memberIdOf(mia, trip.tripId);
      const first = await actions.savePreferences(mia.ctx, {
        tripId: trip.tripId,
        expectedVersion: 0,
        preferences: answers(),
      });
      expect(first.ok).toBe(true);
      const results = await Promise.all([
        actions.savePreferences(mia.ctx, {
          tripId: trip.tripId,
          expectedVersion: 1,
          preferences: answers({ vibes: ["food"] }),
        }),
        actions.voteForDestination(mia.clone().ctx, {
          tripId: trip.tripId,
          recommendationId: pack?.id ?? "",
          slug: pack?.pack.options[round % 2]?.slug ?? "",
        }),
        actions.removeMember(trip.organizer.ctx, { tripId: trip.tripId, memberId: miaId }),
        actions.savePreferences(mia.clone().ctx, {
          tripId: trip.tripId,
          expectedVersion: 1,
          preferences: answers({ vibes: ["city"] }),
        }),
      ]);
      for (const r of results) answersSeen.note(r);
      expect(results[2].ok).toBe(true);
      const db = await getDb();
      expect(await db.select().from(preferences).where(eq(preferences.memberId, miaId))).toEqual([]);
      expect(await db.select().from(destinationVotes).where(eq(destinationVotes.memberId, miaId))).toEqual([]);
    }
    expect((await listMembersWithPreferences({ tripId: trip.tripId })).map((m) => m.name)).toEqual(["Olga"]);
    // Saved before the removal (one of the two tabs: the other is stale), or refused after it.
    answersSeen.expectOnly(["ok", "conflict:preferences", "not_found:trip"]);
  });

  it("deleting the trip while recommendations run and someone joins: refused while it runs, then deleted with every row of it", async () => {
    const answersSeen = new Answers();
    for (let round = 0; round < ROUNDS; round++) {
      const trip = await tripWithAnswers([{ name: "Olga", answers: answers() }]);
      const del = () => actions.deleteTrip(trip.organizer.ctx, { tripId: trip.tripId, confirmName: "Group trip" });
      const inviteToken = await trip.inviteToken();
      const [started, first, joined] = await Promise.all([
        actions.generateRecommendations(trip.organizer.ctx, { tripId: trip.tripId }),
        del(),
        actions.joinTrip(browser().ctx, { inviteToken, name: "Late Lou" }),
      ]);
      answersSeen.note(started);
      answersSeen.note(first);
      answersSeen.note(joined);
      const runIds = started.ok ? [started.data.runId] : [];
      if (!first.ok) expect((await untilNotBusy(answersSeen, del)).ok).toBe(true);
      await settleLocalRuns();
      expect(await getTrip({ tripId: trip.tripId })).toBeNull();
      expect(await leftovers(trip.tripId, runIds)).toEqual({ runs: 0, events: 0, steps: 0, progress: 0 });
    }
    answersSeen.expectOnly(["ok", "conflict:run-active", "not_found:trip", "not_found:invite"]);
  });

  it("a member leaving while recommendations run: refused while it runs, then gone; the run ends well", async () => {
    const answersSeen = new Answers();
    for (let round = 0; round < ROUNDS; round++) {
      const trip = await tripWithAnswers([
        { name: "Olga", answers: answers() },
        { name: "Ben", answers: answers({ vibes: ["food"] }) },
      ]);
      const ben = (await listMembersWithPreferences({ tripId: trip.tripId })).find((m) => m.name === "Ben");
      const benBrowser = await trip.join("Cy");
      // Cy leaves at the start; Ben is removed by the organizer at the run's end.
      const leave = () => actions.leaveTrip(benBrowser.ctx, { tripId: trip.tripId, confirm: true });
      const remove = () => actions.removeMember(trip.organizer.ctx, { tripId: trip.tripId, memberId: ben?.id ?? "" });
      const [started, left] = await Promise.all([
        actions.generateRecommendations(trip.organizer.ctx, { tripId: trip.tripId }),
        leave(),
      ]);
      answersSeen.note(started);
      answersSeen.note(left);
      if (!left.ok) expect((await untilNotBusy(answersSeen, leave)).ok).toBe(true);
      expect((await untilNotBusy(answersSeen, remove)).ok).toBe(true);
      await settleLocalRuns();
      expect((await listMembersWithPreferences({ tripId: trip.tripId })).map((m) => m.name)).toEqual(["Olga"]);
      if (started.ok) expect((await getRun({ runId: started.data.runId }))?.status).toBe("succeeded");
    }
    answersSeen.expectOnly(["ok", "conflict:run-active"]);
  });

  it("choosing while new ideas are asked for: one of the two goes first, the other is refused", async () => {
    const answersSeen = new Answers();
    for (let round = 0; round < ROUNDS; round++) {
      const trip = await tripWithAnswers([{ name: "Olga", answers: answers() }]);
      await runPipeline(trip.tripId);
      const pack = await latestRecommendations({ tripId: trip.tripId });
      const slug = pack?.pack.options[0]?.slug ?? "";
      const [chose, generated] = await Promise.all([
        actions.chooseDestination(trip.organizer.ctx, { tripId: trip.tripId, recommendationId: pack?.id ?? "", slug }),
        actions.generateRecommendations(trip.organizer.ctx, { tripId: trip.tripId }),
      ]);
      answersSeen.note(chose);
      answersSeen.note(generated);
      await settleLocalRuns();
      // Exactly one went through: a choice closes the ideas; new ideas being made refuse a choice.
      expect([chose.ok, generated.ok].filter(Boolean)).toHaveLength(1);
      const after = await getTrip({ tripId: trip.tripId });
      expect(after?.status).toBe(chose.ok ? "planning" : "recommending");
      expect(after?.selectedRecommendationId ?? null).toBe(chose.ok ? (pack?.id ?? null) : null);
    }
    answersSeen.expectOnly(["ok", "conflict:run-active", "conflict:trip-status"]);
  });

  it("choosing as soon as new ideas are in: refused while they're made, then the pick is on the newest set", async () => {
    const answersSeen = new Answers();
    for (let round = 0; round < ROUNDS; round++) {
      const trip = await tripWithAnswers([{ name: "Olga", answers: answers() }]);
      await runPipeline(trip.tripId);
      const started = answersSeen.note(
        await actions.generateRecommendations(trip.organizer.ctx, { tripId: trip.tripId }),
      );
      expect(started.ok).toBe(true);
      // What the page shows at each click: the newest set stored so far.
      const chose = await untilNotBusy(answersSeen, async () => {
        const shown = await latestRecommendations({ tripId: trip.tripId });
        return actions.chooseDestination(trip.organizer.ctx, {
          tripId: trip.tripId,
          recommendationId: shown?.id ?? "",
          slug: shown?.pack.options[0]?.slug ?? "",
        });
      });
      let result = chose;
      if (!result.ok) {
        expect(result.code).toBe("conflict:recommendations-replaced");
        const shown = await latestRecommendations({ tripId: trip.tripId });
        result = answersSeen.note(
          await actions.chooseDestination(trip.organizer.ctx, {
            tripId: trip.tripId,
            recommendationId: shown?.id ?? "",
            slug: shown?.pack.options[0]?.slug ?? "",
          }),
        );
      }
      expect(result.ok).toBe(true);
      await settleLocalRuns();
      const newest = await latestRecommendations({ tripId: trip.tripId });
      expect((await getTrip({ tripId: trip.tripId }))?.selectedRecommendationId).toBe(newest?.id);
    }
    answersSeen.expectOnly(["ok", "conflict:run-active", "conflict:recommendations-replaced"]);
  });

  it("votes, flags, suggestions, saves and hand edits while the plan is regenerated: each done or refused; the run's version is current", async () => {
    const answersSeen = new Answers();
    for (let round = 0; round < Math.ceil(ROUNDS / 2); round++) {
      const trip = await plannedTrip(
        [
          { name: "Olga", answers: answers({ dates: { flexible: true, windows: [] } }) },
          { name: "Ben", answers: answers({ dates: { flexible: true, windows: [] } }) },
        ],
        { start: "2027-05-10", end: "2027-05-14" },
      );
      await runItinerary(trip.tripId);
      const ben = await trip.join("Cy");
      const plan = await currentItinerary({ tripId: trip.tripId });
      const v1 = plan?.version ?? 0;
      const keys = plan?.itinerary.days.flatMap((d) => d.items.map((i) => i.key)) ?? [];
      const pack = await latestRecommendations({ tripId: trip.tripId });
      const flag = (who: TestBrowser, itemKey: string, version = v1) =>
        actions.flagItineraryItem(who.ctx, {
          tripId: trip.tripId,
          version,
          itemKey,
          reason: "too-expensive",
          note: "Costs too much",
        });
      expect((await flag(trip.organizer, keys[0] ?? "")).ok).toBe(true);
      const regenerated = answersSeen.note(
        await actions.regenerateItinerary(trip.organizer.ctx, { tripId: trip.tripId }),
      );
      expect(regenerated.ok).toBe(true);
      const runId = regenerated.ok ? regenerated.data.runId : "";
      const batch = (version: number, n: number) => [
        flag(ben, keys[n % keys.length] ?? "", version),
        actions.suggestAddition(ben.ctx, { tripId: trip.tripId, version, activityId: null, text: `A picnic ${n}` }),
        actions.savePreferences(ben.ctx, {
          tripId: trip.tripId,
          expectedVersion: n === 0 ? 0 : n,
          preferences: answers({ dates: { flexible: true, windows: [] }, vibes: n % 2 ? ["food"] : ["city"] }),
        }),
        actions.voteForDestination(ben.ctx, {
          tripId: trip.tripId,
          recommendationId: pack?.id ?? "",
          slug: pack?.pack.options[0]?.slug ?? "",
        }),
        actions.lockItineraryItem(trip.organizer.ctx, {
          tripId: trip.tripId,
          version,
          itemKey: keys[1] ?? "",
          locked: n % 2 === 0,
        }),
        actions.removeItineraryItem(trip.organizer.ctx, { tripId: trip.tripId, version, itemKey: keys[2] ?? "" }),
        actions.savePreferences(trip.organizer.ctx, {
          tripId: trip.tripId,
          expectedVersion: n + 1,
          preferences: answers({ dates: { flexible: true, windows: [] }, vibes: ["beach", "food"] }),
        }),
        actions.restoreItinerary(trip.organizer.ctx, { tripId: trip.tripId, version: v1 }),
        actions.setTripDates(trip.organizer.ctx, { tripId: trip.tripId, start: "2027-05-10", end: "2027-05-14" }),
      ];
      // Batches through the whole run and just after its end.
      let n = 0;
      for (; n < 400; n++) {
        const results = await Promise.all(batch((await currentItinerary({ tripId: trip.tripId }))?.version ?? v1, n));
        for (const r of results) answersSeen.note(r);
        if ((await getRun({ runId }))?.status !== "running") break;
      }
      for (const r of await Promise.all(batch(v1 + 1, n + 1))) answersSeen.note(r);
      await settleLocalRuns();

      expect((await getRun({ runId }))?.status).toBe("succeeded");
      const versions = (await listItineraryVersions({ tripId: trip.tripId })).map((v) => v.version);
      // Versions are numbered without gaps or repeats, and the newest is the plan.
      expect(versions).toEqual([...Array(versions.length).keys()].map((i) => versions.length - i));
      expect((await currentItinerary({ tripId: trip.tripId }))?.version).toBe(versions[0]);
      expect((await latestRun({ tripId: trip.tripId }))?.id).toBe(runId);
      // Every flag and suggestion is about a version that exists.
      const db = await getDb();
      const about = await db
        .select({ v: feedbackItems.itineraryVersion })
        .from(feedbackItems)
        .where(eq(feedbackItems.tripId, trip.tripId));
      for (const { v } of about) expect(versions).toContain(v);
    }
    answersSeen.expectOnly([
      "ok",
      "conflict:run-active",
      "conflict:version",
      "conflict:preferences",
      "conflict:feedback",
      "conflict:votes-closed",
      "conflict:edit",
      "not_found:item",
      "too_many:rate",
      // Restoring version 1 while its flagged items are in force asks the organizer first.
      "conflict:restore-flagged",
    ]);
  });
});
