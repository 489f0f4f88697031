import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db/client";
import { destinationFacts } from "@/lib/db/schema";
import { factsFor } from "@/lib/facts";
import { log } from "@/lib/log";
import { DestinationFacts } from "@/lib/schemas/catalog";
import type { Itinerary } from "@/lib/schemas/itinerary";

/**
 * The facts a run planned from, by destination and version (DESIGN.md "Destination facts":
 * a run snapshots the facts it used). A run records them in the same statement that stores
 * its plan or pack; everything that reads a stored plan or pack later reads them back with
 * `recordedFacts`, so a catalog edit (a venue renamed, an area moved, hours changed) never
 * changes a plan that was already made.
 */

/**
 * What this process knows is recorded in each database (it recorded or read it there), so a
 * store statement carries a destination's facts (tens of KB) only the first time, not on
 * every run. Rows are never changed once recorded, so what is known stays true.
 */
const known = new WeakMap<Db, Set<string>>();
/** Recorded facts this process has read back, parsed (the same immutability makes it safe). */
const parsed = new WeakMap<Db, Map<string, DestinationFacts>>();
const PARSED_KEPT = 32;
const keyOf = (slug: string, version: string) => `${slug}\n${version}`;
/** The value kept for `db` in `map`, made the first time it is asked for. */
function perDatabase<T>(map: WeakMap<Db, T>, db: Db, make: () => T): T {
  const kept = map.get(db);
  if (kept) return kept;
  const made = make();
  map.set(db, made);
  return made;
}
const knownIn = (db: Db) => perDatabase(known, db, () => new Set<string>());

/**
 * For a store step's single statement: the `with` clause (a data-modifying CTE, named
 * `recorded_facts`) that records whichever of `facts` aren't known to be recorded yet, in
 * one multi-row insert (a row already there is kept as it is), or null when all are; and
 * `done()`, to call once the statement has committed.
 */
export function factsToRecord(db: Db, facts: readonly DestinationFacts[]): { clause: SQL | null; done: () => void } {
  const recorded = knownIn(db);
  const rows = uniqueByKey(facts)
    .filter((f) => !recorded.has(keyOf(f.slug, f.provenance.version)))
    .map((f) => ({ slug: f.slug, version: f.provenance.version, facts: f, provenance: f.provenance.kind }));
  return {
    clause: rows.length
      ? sql`recorded_facts as (
          insert into ${destinationFacts} (slug, version, facts, provenance)
          select r.slug, r.version, r.facts, r.provenance
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(slug text, version text, facts jsonb, provenance text)
          on conflict (slug, version) do nothing
        )`
      : null,
    done: () => {
      for (const r of rows) recorded.add(keyOf(r.slug, r.version));
    },
  };
}

/** Records these facts on their own (one statement); a version already recorded is kept. */
export async function recordFacts(facts: readonly DestinationFacts[]): Promise<void> {
  const db = await getDb();
  const { clause, done } = factsToRecord(db, facts);
  if (!clause) return;
  await db.execute(sql`with ${clause} select 1`);
  done();
}

export type RecordedFacts = {
  facts: DestinationFacts;
  /**
   * True when these are the facts of the version asked for: its recorded row, or the
   * catalog as it is now when that is the version. False when that version's facts were
   * never recorded (a plan stored before runs recorded them) or no longer read back, and
   * these are today's catalog's instead — a page may say its places may have changed.
   */
  asRecorded: boolean;
};

/**
 * The facts a stored plan or pack was made with: the recorded row for `slug` at `version`
 * (parsed again; a row that doesn't parse is logged and treated as missing), else the
 * current catalog's. Undefined only when the destination is in neither.
 */
export async function recordedFacts({
  slug,
  version,
}: {
  slug: string;
  version: string;
}): Promise<RecordedFacts | undefined> {
  const db = await getDb();
  const key = keyOf(slug, version);
  const read = perDatabase(parsed, db, () => new Map<string, DestinationFacts>());
  const kept = read.get(key);
  if (kept) return { facts: kept, asRecorded: true };
  const [row] = await db
    .select({ facts: destinationFacts.facts })
    .from(destinationFacts)
    .where(and(eq(destinationFacts.slug, slug), eq(destinationFacts.version, version)));
  if (row) {
    knownIn(db).add(key);
    const facts = DestinationFacts.safeParse(row.facts);
    if (facts.success) {
      if (read.size >= PARSED_KEPT) read.delete(read.keys().next().value ?? "");
      read.set(key, facts.data);
      return { facts: facts.data, asRecorded: true };
    }
    log.warn({ slug, version }, "recorded destination facts no longer parse; reading the current catalog instead");
  }
  const current = factsFor(slug);
  return current ? { facts: current, asRecorded: current.provenance.version === version } : undefined;
}

/** The destination's facts a stored plan (any version of it) was made with: `recordedFacts` for its destination and `factsVersion`. */
export function factsOfPlan(plan: Pick<Itinerary, "destination" | "factsVersion">): Promise<RecordedFacts | undefined> {
  return recordedFacts({ slug: plan.destination.slug, version: plan.factsVersion });
}

function uniqueByKey(facts: readonly DestinationFacts[]): DestinationFacts[] {
  const byKey = new Map(facts.map((f) => [`${f.slug}\n${f.provenance.version}`, f]));
  return [...byKey.values()];
}
