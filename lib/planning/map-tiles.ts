import { type Env, readEnv } from "@/lib/env";

/** Real tiles under the day maps, when the operator configured a provider (MAP_TILES_URL). */
export type MapTiles = { url: string; origin: string; attribution: string | null };

/** The configured tile provider, or null for the embedded map (a grid, nothing fetched from elsewhere). */
export function mapTilesOf(env: Pick<Env, "MAP_TILES_URL" | "MAP_TILES_ATTRIBUTION">): MapTiles | null {
  if (!env.MAP_TILES_URL) return null;
  const url = decodeURI(env.MAP_TILES_URL);
  // One host (lib/env.ts refuses `{s}`): the placeholders are all in the path or query.
  const origin = new URL(url.replaceAll(/\{[a-z]+\}/g, "0")).origin;
  return { url, origin, attribution: env.MAP_TILES_ATTRIBUTION ?? null };
}

export function mapTiles(): MapTiles | null {
  return mapTilesOf(readEnv());
}
