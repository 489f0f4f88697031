import { z } from "zod";

/**
 * The version a form or page was loaded with (answers, plan). Versions are stored as a
 * Postgres `integer`, so a number past its range names no version: refused here with a
 * field error rather than failing in the query.
 */
export const MAX_VERSION = 2_147_483_647;

export function versionNumber({ min = 1 }: { min?: 0 | 1 } = {}) {
  return z.number().int().min(min).max(MAX_VERSION, "Not a version of this trip");
}
