import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { OfflineCall } from "@/lib/ai/offline/model";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { cachedResearch, saveResearch } from "@/lib/db/queries/research";
import { listRunSteps } from "@/lib/db/queries/runs";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { demoMembers } from "@/lib/demo-trip";
import { databaseResearchCache } from "@/lib/pipeline/deps";
import { withTestDatabase } from "@/test/db";
import { runPipeline, testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * Research kept per place and travel month: the next group going to the
 * same candidates in the same month makes no research call, and what the process kept is
 * still checked against the table, so a newer lookup another process kept is found.
 */

const TODAY = new Date("2026-11-23T12:00:00Z");

async function demoGroupRun() {
  const { trip } = await createTripWithOrganizer({
    name: "Research kept",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(newToken()) },
    answeredMembers: demoMembers(TODAY).map((m) => ({ ...m, tokenHash: hashToken(newToken()) })),
  });
  const calls: OfflineCall[] = [];
  const run = await runPipeline(
    trip.id,
    testDeps(
      { onCall: (call) => calls.push(call) },
      { now: () => TODAY, researchCache: databaseResearchCache(() => TODAY) },
    ),
  );
  expect(run.status).toBe("succeeded");
  const steps = await listRunSteps({ runId: run.id });
  return { calls, research: steps.filter((s) => s.stepId.startsWith("research:")).map((s) => s.stepId) };
}

it("the next group with the same candidates in the same month makes 8 fewer calls: no research call at all", async () => {
  // The demo group: 4 members answered, 8 catalog candidates, 5 cards (3 picks + 2 written ahead).
  // First run: 1 guard + 4 normalizers + 1 explainer + 1 planner + 1 ranker + 8 researchers + 5 cards = 21.
  const first = await demoGroupRun();
  expect(first.research).toHaveLength(8);
  expect(first.calls.filter((c) => c.role === "researcher")).toHaveLength(8);
  expect(first.calls).toHaveLength(21);

  // The next group (same answers, so the same 8 candidates in the same month): 21 − 8 = 13 calls.
  const next = await demoGroupRun();
  expect([...next.research].sort()).toEqual([...first.research].sort());
  expect(next.calls.filter((c) => c.role === "researcher")).toHaveLength(0);
  expect(next.calls).toHaveLength(13);
});

it("research kept in this process is checked against the table: a newer lookup kept elsewhere is found once ours is too old", async () => {
  const sources = [{ title: "example.org", url: "https://example.org/" }];
  const mine = new Date("2026-11-10T00:00:00Z");
  const theirs = new Date("2026-11-20T00:00:00Z");
  await saveResearch({
    slug: "lisbon",
    months: [5],
    found: { text: "Ours.", sources, suggestions: [] },
    fetchedAt: mine,
  });
  // Another process replaces the row (written straight to the table, as that process would).
  const db = await getDb();
  await db.execute(
    sql`update destination_research set result = ${JSON.stringify({ text: "Theirs.", sources, suggestions: [] })}::jsonb, fetched_at = ${theirs.toISOString()} where slug = 'lisbon' and months = '5'`,
  );
  // Ours is fresh enough for a caller who accepts anything since Nov 1: it is used (both are valid).
  const lenient = await cachedResearch({ slug: "lisbon", months: [5], freshSince: new Date("2026-11-01T00:00:00Z") });
  expect(lenient?.found.text).toBe("Ours.");
  // A caller who wants research since Nov 15: ours (Nov 10) is too old, the table's (Nov 20) is read.
  const strict = await cachedResearch({ slug: "lisbon", months: [5], freshSince: new Date("2026-11-15T00:00:00Z") });
  expect(strict?.found.text).toBe("Theirs.");
  expect(strict?.fetchedAt.toISOString()).toBe(theirs.toISOString());
  // Since Nov 25: nothing is fresh enough.
  expect(
    await cachedResearch({ slug: "lisbon", months: [5], freshSince: new Date("2026-11-25T00:00:00Z") }),
  ).toBeNull();
});
