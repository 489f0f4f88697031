import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { destinationResearch } from "@/lib/db/schema";
import type { SearchSuggestion, Source } from "@/lib/schemas/catalog";
import { KeptPlace } from "@/lib/schemas/pipeline";

export type ResearchKey = { slug: string; months: number[] };
export type CachedResearch = {
  found: { text: string; sources: Source[]; suggestions: SearchSuggestion[] };
  fetchedAt: Date;
};

const monthsKey = (months: number[]) => [...months].sort((a, b) => a - b).join(",");

/** The destination's research for these months, if it was looked up after `freshSince`. */
export async function cachedResearch({
  slug,
  months,
  freshSince,
}: ResearchKey & { freshSince: Date }): Promise<CachedResearch | null> {
  const row = await freshRow({ slug, months, freshSince });
  return row ? { found: row.result, fetchedAt: row.fetchedAt } : null;
}

type KeptRow = { result: (typeof destinationResearch.$inferSelect)["result"]; fetchedAt: Date };

/**
 * Rows this process has read or written, kept in memory (a kept row changes only when a new
 * lookup replaces it): the next group's research steps start at once instead of each waiting
 * for a read of its own (eight candidates, eight reads queued behind the run's own writes).
 * A row too old for the caller, or one not seen here yet, is read from the table, so another
 * process's newer lookup is still found. Rows hold nothing about anyone; oldest dropped first.
 */
const kept = new Map<string, KeptRow>();
const KEPT_MAX = 2_000;
const keptKey = (slug: string, months: number[]) => `${slug}|${monthsKey(months)}`;

function keep(slug: string, months: number[], row: KeptRow): void {
  const key = keptKey(slug, months);
  kept.delete(key);
  kept.set(key, row);
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value as string);
}

/** The kept row for this key, if it was looked up after `freshSince`. */
async function freshRow({ slug, months, freshSince }: ResearchKey & { freshSince: Date }) {
  const inMemory = kept.get(keptKey(slug, months));
  if (inMemory && inMemory.fetchedAt > freshSince) return inMemory;
  const row = await readRow({ slug, months, freshSince });
  if (row) keep(slug, months, row);
  return row;
}

async function readRow({ slug, months, freshSince }: ResearchKey & { freshSince: Date }): Promise<KeptRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ result: destinationResearch.result, fetchedAt: destinationResearch.fetchedAt })
    .from(destinationResearch)
    .where(
      and(
        eq(destinationResearch.slug, slug),
        eq(destinationResearch.months, monthsKey(months)),
        gt(destinationResearch.fetchedAt, freshSince),
      ),
    );
  return row;
}

/** Keeps (or replaces) what a lookup found, as of `fetchedAt`. */
export async function saveResearch({ slug, months, found, fetchedAt }: ResearchKey & CachedResearch): Promise<void> {
  const db = await getDb();
  await db
    .insert(destinationResearch)
    .values({ slug, months: monthsKey(months), result: found, fetchedAt })
    .onConflictDoUpdate({
      target: [destinationResearch.slug, destinationResearch.months],
      set: { result: sql`excluded.result`, fetchedAt: sql`excluded.fetched_at` },
    });
  keep(slug, months, { result: found, fetchedAt });
}

/**
 * Places researched beyond the catalog are kept in the same table, under `world:<slug>`
 * (never a catalog slug): the research with the facts read out of it and what was left out.
 */
const placeKey = (slug: string) => `world:${slug}`;

export async function cachedPlace({
  slug,
  months,
  freshSince,
}: ResearchKey & { freshSince: Date }): Promise<{ place: KeptPlace; fetchedAt: Date } | null> {
  const row = await freshRow({ slug: placeKey(slug), months, freshSince });
  // Kept rows are parsed again: one that no longer reads as facts is a miss (researched afresh).
  const place = row ? KeptPlace.safeParse(row.result.place) : null;
  return row && place?.success ? { place: place.data, fetchedAt: row.fetchedAt } : null;
}

export async function savePlace({
  slug,
  months,
  place,
  fetchedAt,
}: ResearchKey & { place: KeptPlace; fetchedAt: Date }): Promise<void> {
  const db = await getDb();
  const result = { text: place.web.summary, sources: place.web.sources, suggestions: place.web.suggestions, place };
  await db
    .insert(destinationResearch)
    .values({ slug: placeKey(slug), months: monthsKey(months), result, fetchedAt })
    .onConflictDoUpdate({
      target: [destinationResearch.slug, destinationResearch.months],
      set: { result: sql`excluded.result`, fetchedAt: sql`excluded.fetched_at` },
    });
  keep(placeKey(slug), months, { result, fetchedAt });
}
