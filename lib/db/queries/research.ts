import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { destinationResearch } from "@/lib/db/schema";
import type { SearchSuggestion, Source } from "@/lib/schemas/catalog";

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
  return row ? { found: row.result, fetchedAt: row.fetchedAt } : null;
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
