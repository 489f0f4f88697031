import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
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
 * The `with` clause (a data-modifying CTE, named `recorded_facts`) that records `facts`
 * in one multi-row insert, for a store step's single statement. A version's facts never
 * change once recorded: a row already there is kept as it is.
 */
export function recordFactsClause(facts: readonly DestinationFacts[]): SQL {
  const rows = uniqueByKey(facts).map((f) => ({
    slug: f.slug,
    version: f.provenance.version,
    facts: f,
    provenance: f.provenance.kind,
  }));
  return sql`recorded_facts as (
    insert into ${destinationFacts} (slug, version, facts, provenance)
    select r.slug, r.version, r.facts, r.provenance
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(slug text, version text, facts jsonb, provenance text)
    on conflict (slug, version) do nothing
  )`;
}

/** Records these facts on their own (one statement); a version already recorded is kept. */
export async function recordFacts(facts: readonly DestinationFacts[]): Promise<void> {
  if (!facts.length) return;
  const db = await getDb();
  await db.execute(sql`with ${recordFactsClause(facts)} select 1`);
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
  const [row] = await db
    .select({ facts: destinationFacts.facts })
    .from(destinationFacts)
    .where(and(eq(destinationFacts.slug, slug), eq(destinationFacts.version, version)));
  if (row) {
    const parsed = DestinationFacts.safeParse(row.facts);
    if (parsed.success) return { facts: parsed.data, asRecorded: true };
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
