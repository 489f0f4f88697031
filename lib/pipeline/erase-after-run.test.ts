import { expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { createRunOrGetActive, getRun } from "@/lib/db/queries/runs";
import { runLocal } from "@/lib/pipeline/local-runner";
import { withTestDatabase } from "@/test/db";
import { ANSWER_WORDS, findMember, PLANTED, plantedTrip, STILL_A_MEMBER } from "@/test/member-data";
import { testDeps } from "@/test/pipeline";

/**
 * Issue 32: a run used to read as finished (its last step stored the outcome) while the
 * rows of its last steps were still going in behind it (`cost`, `validate:1`, holding the
 * member's cost sheet, notes, hard no, home town and budget). An erasure that waited for the
 * run was then followed by those rows. Now the local runner marks a run succeeded only after
 * every step's rows are written, so erasing the moment the run reads as finished leaves
 * nothing of the member's answers anywhere: every table is scanned, JSON columns included.
 */

withTestDatabase();

it("a member who erases their answers the moment a regeneration reads as finished leaves nothing of them in any table", async () => {
  const trip = await plantedTrip();
  const { tripId, bartId } = trip;
  const { run } = await createRunOrGetActive({ tripId, kind: "regenerate", engine: "local", requestedBy: trip.olgaId });
  // Model calls that take a moment, so the run's last rows are written while it ends.
  const running = runLocal(run.id, testDeps({ latencyMs: 20 }), { backoffMs: () => 0 });
  // Erase at the first moment the run no longer reads as running (as a member's click would).
  let erased: Awaited<ReturnType<typeof actions.eraseMyAnswers>> | undefined;
  while (!erased) {
    // A short pause between looks: PGlite answers without leaving the microtask queue, so a loop of
    // bare reads would starve the timers the run's model calls wait on, and the run would never end.
    await new Promise((resolve) => setTimeout(resolve, 2));
    if ((await getRun({ runId: run.id }))?.status !== "running") {
      erased = await actions.eraseMyAnswers(trip.bartholomew.ctx, { tripId });
    }
  }
  expect(erased).toEqual({ ok: true, data: { erased: true } });
  await running;
  expect((await getRun({ runId: run.id }))?.status).toBe("succeeded");

  const hits = await findMember({ id: bartId, words: [...ANSWER_WORDS, PLANTED.name], sheets: trip.sheets });
  const outside = hits.filter((h) => !STILL_A_MEMBER.has(`${h.table}${h.path}`));
  // Nothing of his answers in any row, the run's steps and progress rows included…
  expect([...new Set(outside.map((h) => `${h.table}${h.path} (${h.found})`))]).toEqual([]);
  // …and where his id and name stay, only they: no word, figure or cost sheet of his.
  expect(hits.filter((h) => h.found !== "id" && h.found !== PLANTED.name.toLowerCase())).toEqual([]);
}, 120_000);
