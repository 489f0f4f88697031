import "server-only";

/**
 * Reads rendered once per state and kept in this process (the share page's data and both
 * calendar files): one entry per scope (a link, a trip's member calendar), holding the
 * `stamp` it was made for (lib/db/queries/share.ts `tripReadStamp`, read from the database on
 * every request). A request whose stamp differs makes the entry again and replaces it, so a
 * stale entry is never served — on several processes too: each keeps its own entries and
 * checks them against the one database. The least recently used scope goes past MAX_SCOPES.
 * A read that fails is not kept.
 */
export const MAX_SCOPES = 500;

type Entry = { stamp: string; value: Promise<unknown> };
const entries = new Map<string, Entry>();
let made = 0;

export function cachedRead<T>(scope: string, stamp: string, make: () => Promise<T>): Promise<T> {
  const found = entries.get(scope);
  if (found?.stamp === stamp) {
    // Most recently used last.
    entries.delete(scope);
    entries.set(scope, found);
    return found.value as Promise<T>;
  }
  made++;
  const value = make();
  const entry = { stamp, value };
  entries.delete(scope);
  entries.set(scope, entry);
  if (entries.size > MAX_SCOPES) entries.delete(entries.keys().next().value as string);
  value.catch(() => {
    if (entries.get(scope) === entry) entries.delete(scope);
  });
  return value;
}

/** How many reads this process has made rather than served from the cache (tests, benchmarks). */
export function readsMade(): number {
  return made;
}
