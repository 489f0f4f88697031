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

/** The kept row for this key, if it was looked up after `freshSince`. */
async function freshRow({ slug, months, freshSince }: ResearchKey & { freshSince: Date }) {
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
}
