import { getTableColumns, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { declaredTables } from "@/lib/db/member-data";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { rowsOf } from "@/lib/db/queries/trip-events";
import { withTestDatabase } from "@/test/db";
import {
  ANSWER_WORDS,
  emptyDatabase,
  everyRow,
  findMember,
  type Hit,
  PLANTED,
  plantedTrip,
  STILL_A_MEMBER,
} from "@/test/member-data";

withTestDatabase();

const ANSWERS = ANSWER_WORDS;
/** Everything he put in the trip: gone from everywhere once he leaves or is removed. */
const EVERYTHING = [...ANSWERS, PLANTED.name, PLANTED.flagNote, PLANTED.suggestion, PLANTED.aiConnection];

const where = (hits: Hit[]) => [...new Set(hits.map((h) => `${h.table}${h.path} (${h.found})`))];

describe("the declaration of where member data lives", () => {
  it("covers every table and every column the database has, and nothing it doesn't", async () => {
    const db = await getDb();
    const inDatabase = rowsOf(
      await db.execute(sql`
        select c.table_name as "table", c.column_name as "column"
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`),
    ) as { table: string; column: string }[];
    const declared = declaredTables();
    expect(declared.map((d) => d.name).sort()).toEqual([...new Set(inDatabase.map((c) => c.table))].sort());
    for (const { name, table, declaration } of declared) {
      if (declaration.holds === "nothing") {
        expect(declaration.why.length, name).toBeGreaterThan(20);
        continue;
      }
      const columns = getTableColumns(table);
      const declaredColumns = Object.keys(declaration.columns).map((key) => columns[key]?.name);
      const actual = inDatabase.filter((c) => c.table === name).map((c) => c.column);
      expect(declaredColumns.sort(), name).toEqual(actual.sort());
    }
  });
});

describe("nothing of a member is left anywhere", () => {
  // Each scan sees its own trip only.
  beforeEach(emptyDatabase);

  it("after they erase their answers: no answer of theirs, no cost sheet, no figure; their id only where it says they are a member", async () => {
    const trip = await plantedTrip();
    expect(where(await findMember({ id: trip.bartId, words: ANSWERS, sheets: trip.sheets }))).not.toEqual([]);

    expect(await actions.eraseMyAnswers(trip.bartholomew.ctx, { tripId: trip.tripId })).toEqual({
      ok: true,
      data: { erased: true },
    });
    const hits = await findMember({ id: trip.bartId, words: [...ANSWERS, PLANTED.name], sheets: trip.sheets });
    const membership = STILL_A_MEMBER;
    const where1 = where(hits.filter((h) => !membership.has(`${h.table}${h.path}`)));
    expect(where1).toEqual([]);
    // And only his id and name there: nothing of his answers.
    expect(hits.filter((h) => h.found !== "id" && h.found !== PLANTED.name.toLowerCase())).toEqual([]);
    await expectOthersKept(trip);
  });

  for (const how of ["leaves", "is removed"] as const) {
    it(`after he ${how}: not his id, name, words, budget or cost sheets, in any table`, async () => {
      const trip = await plantedTrip();
      expect(where(await findMember({ id: trip.bartId, words: EVERYTHING, sheets: trip.sheets }))).not.toEqual([]);
      const done =
        how === "leaves"
          ? await actions.leaveTrip(trip.bartholomew.ctx, { tripId: trip.tripId, confirm: true })
          : await actions.removeMember(trip.organizer.ctx, { tripId: trip.tripId, memberId: trip.bartId });
      expect(done.ok).toBe(true);
      expect(where(await findMember({ id: trip.bartId, words: EVERYTHING, sheets: trip.sheets }))).toEqual([]);
      await expectOthersKept(trip);
    });
  }

  it("after the trip is deleted: nothing of him, nor of the trip", async () => {
    const trip = await plantedTrip();
    const done = await actions.deleteTrip(trip.organizer.ctx, { tripId: trip.tripId, confirmName: "Group trip" });
    expect(done.ok).toBe(true);
    expect(where(await findMember({ id: trip.bartId, words: EVERYTHING, sheets: trip.sheets }))).toEqual([]);
    for (const id of [trip.tripId, trip.olgaId, trip.cleoId]) {
      expect(where(await findMember({ id, words: [], sheets: emptySheets }))).toEqual([]);
    }
  });
});

const emptySheets = { kms: new Set<number>(), hours: new Set<number>(), tables: [] };

/** What the others put in stays: Olga's and Cleo's answers, Cleo's flag, their costs in the current plan. */
async function expectOthersKept(trip: Awaited<ReturnType<typeof plantedTrip>>) {
  const rows = JSON.stringify(await everyRow());
  for (const word of ["Boston", "Cleo likes night trains", "Cleo: too early"]) expect(rows).toContain(word);
  const plan = await currentItinerary({ tripId: trip.tripId });
  expect(plan?.itinerary.costs.map((c) => c.memberId).sort()).toEqual([trip.olgaId, trip.cleoId].sort());
  // The plan's spread of totals is over the members left (low rounded down, high rounded up, to $10).
  const totals = plan?.itinerary.costs.map((c) => c.total) ?? [];
  expect(plan?.itinerary.costRange).toEqual({
    low: Math.floor(Math.min(...totals) / 10) * 10,
    high: Math.ceil(Math.max(...totals) / 10) * 10,
  });
  expect((await requireMember(trip.cleo.ctx, trip.tripId)).member.name).toBe("Cleo");
}
