import "server-only";
import { isDeepStrictEqual } from "node:util";
import { and, type Column, eq, getTableColumns, like, or, type SQL, type Table } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "@/lib/db/client";
import { type ColumnRule, declaredTables, type Erasure, type Rewrite } from "@/lib/db/member-data";
import { members, modelSpend, pipelineRuns, rateLimits, trips } from "@/lib/db/schema";
import { AppError, tripNotFound } from "@/lib/errors";

/**
 * The erasure engine: does to every table what lib/db/member-data.ts declares, inside the
 * caller's transaction. Nothing here knows a table by heart except through its declaration.
 */

/** Model spend of deleted trips still counts against the server's daily budget, under no trip. */
export const DELETED_TRIP_ID = "00000000-0000-0000-0000-000000000000";

/**
 * Locks the trip row and refuses while a run is running, in the caller's transaction: a
 * run reads every member's answers and writes what it made of them at its end, so an
 * erasure during one would be undone by it. A run starts only with the trip row locked
 * (lib/db/queries/runs.ts `createRunOrGetActive`), so none can start between this check
 * and the commit — on Postgres as on PGlite.
 */
export async function lockIdleTrip(
  tx: Tx,
  tripId: string,
  then: string,
  { deleting = false }: { deleting?: boolean } = {},
) {
  // `no key update` still excludes a run's start (it locks `for update`) but not the key-share
  // locks of writers inserting rows that reference the trip (a member saving answers publishes
  // an event): they go on instead of waiting in a cycle with this erasure. Deleting takes it all.
  const [trip] = await tx
    .select()
    .from(trips)
    .where(eq(trips.id, tripId))
    .for(deleting ? "update" : "no key update");
  if (!trip) throw tripNotFound();
  const [busy] = await tx
    .select({ id: pipelineRuns.id })
    .from(pipelineRuns)
    .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
  if (busy) {
    throw new AppError(
      "conflict:run-active",
      `Something is being generated for this trip right now, from everyone's answers. Wait for it to finish, then ${then}.`,
    );
  }
  return trip;
}

/**
 * Erases one member from one trip as declared: rows that go whole, values rewritten
 * (cost sheets, ids, names in prose), and when they leave, references cleared and their
 * own rows deleted (their member row last).
 */
export async function eraseMemberFromTrip(tx: Tx, erasure: Erasure): Promise<void> {
  const tables = declaredTables();
  for (const { name, table, declaration } of tables) {
    if (declaration.holds === "nothing") continue;
    const drop = declaration.drop?.(erasure);
    if (drop) await tx.delete(table as PgTable).where(drop);
    const rewrites = rewritesOf(declaration.columns);
    if (rewrites.length === 0) continue;
    if (!declaration.ofTrip) throw new Error(`${name}: a rewritten column needs ofTrip`);
    await rewriteRows(tx, table as PgTable, declaration.ofTrip(erasure.tripId), rewrites, erasure);
  }
  const ownRowsGo = erasure.scope === "member";
  for (const { table, declaration } of tables) {
    if (declaration.holds === "nothing" || !ownRowsGo) continue;
    const columns = getTableColumns(table) as Record<string, Column>;
    for (const [name, rule] of Object.entries(declaration.columns)) {
      const column = columns[name];
      if (rule === "member-ref" && column) {
        await tx
          .update(table as PgTable)
          .set({ [name]: null })
          .where(eq(column, erasure.memberId));
      }
    }
  }
  // Their own rows; the member row last (its foreign keys would take the others, but each is declared).
  const owned = tables.filter(({ table }) => table !== members).concat(tables.filter(({ table }) => table === members));
  for (const { table, declaration } of owned) {
    if (declaration.holds === "nothing") continue;
    if (!ownRowsGo && !declaration.ownRowsAreAnswers) continue;
    const columns = getTableColumns(table) as Record<string, Column>;
    const owner = Object.entries(declaration.columns).find(([, rule]) => rule === "owner");
    const column = owner && columns[owner[0]];
    if (column) await tx.delete(table as PgTable).where(eq(column, erasure.memberId));
  }
}

/**
 * The declared rewrites of one table, on the rows `where` selects only: for a row written
 * after the erasure in the same transaction (the leaver's last event, published last so that
 * its lock is taken last, as every writer takes it).
 */
export async function rewriteDeclaredRows(
  tx: Tx,
  erasure: Erasure,
  { table, where }: { table: Table; where: SQL },
): Promise<void> {
  const declared = declaredTables().find((d) => d.table === table);
  if (declared?.declaration.holds !== "member data") return;
  const rewrites = rewritesOf(declared.declaration.columns);
  if (rewrites.length) await rewriteRows(tx, table as PgTable, where, rewrites, erasure);
}

function rewritesOf(columns: Record<string, ColumnRule>): [string, Rewrite][] {
  return Object.entries(columns).filter((entry): entry is [string, Rewrite] => typeof entry[1] === "object");
}

/** Reads the trip's rows of a table and writes back the columns whose declared rewrite changed them. */
async function rewriteRows(tx: Tx, table: PgTable, ofTrip: SQL, rewrites: [string, Rewrite][], erasure: Erasure) {
  const columns = getTableColumns(table) as Record<string, Column>;
  const key = primaryKeyOf(table);
  const selection = Object.fromEntries(
    [...key, ...rewrites.map(([name]) => name)].map((name) => [name, columns[name] as PgColumn]),
  );
  const rows = (await tx.select(selection).from(table).where(ofTrip)) as Record<string, unknown>[];
  for (const row of rows) {
    const set: Record<string, unknown> = {};
    for (const [name, rule] of rewrites) {
      const next = rule.rewrite(row[name] as never, erasure);
      if (!isDeepStrictEqual(next, row[name])) set[name] = next;
    }
    if (Object.keys(set).length === 0) continue;
    await tx
      .update(table)
      .set(set)
      .where(and(...key.map((name) => eq(columns[name] as Column, row[name]))));
  }
}

/** The property names of a table's primary key columns. */
function primaryKeyOf(table: PgTable): string[] {
  const config = getTableConfig(table);
  const keyColumns = config.columns.filter((c) => c.primary);
  const primary = keyColumns.length ? keyColumns : (config.primaryKeys[0]?.columns ?? []);
  const columns = getTableColumns(table) as Record<string, Column>;
  const names = Object.entries(columns)
    .filter(([, column]) => primary.includes(column as (typeof primary)[number]))
    .map(([name]) => name);
  if (names.length === 0) throw new Error(`${config.name} has no primary key to rewrite rows by`);
  return names;
}

/**
 * What deleting the trip does beyond its cascade, per declaration: its model spend keeps
 * counting for the day's server-wide budget under no trip, and its rate-limit counters go.
 */
export async function tripDeletionSteps(tx: Tx, tripId: string): Promise<void> {
  const memberIds = (await tx.select({ id: members.id }).from(members).where(eq(members.tripId, tripId))).map(
    (m) => m.id,
  );
  for (const { declaration } of declaredTables()) {
    switch (declaration.onTripDeleted) {
      case "cascade":
      case "not-per-trip":
        break;
      case "model-spend-unnamed":
        await tx.update(modelSpend).set({ tripId: DELETED_TRIP_ID }).where(eq(modelSpend.tripId, tripId));
        break;
      case "rate-limits-of-trip":
        await tx.delete(rateLimits).where(or(...[tripId, ...memberIds].map((id) => like(rateLimits.key, `%${id}`))));
        break;
    }
  }
}
