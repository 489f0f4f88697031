import "server-only";
import { isDeepStrictEqual } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { members, preferences, trips } from "@/lib/db/schema";
import { retryOnceIfDropped, transaction } from "@/lib/db/transaction";
import { AppError, tripNotFound } from "@/lib/errors";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { publishTripEvent } from "./trip-events";

export async function getPreferences({
  memberId,
}: {
  memberId: string;
}): Promise<{ data: MemberPreferences; version: number; updatedAt: Date } | null> {
  const db = await getDb();
  const [row] = await db.select().from(preferences).where(eq(preferences.memberId, memberId));
  return row ? { data: MemberPreferences.parse(row.data), version: row.version, updatedAt: row.updatedAt } : null;
}

/**
 * Saves a member's preferences if nobody saved since the version they edited
 * (`expectedVersion` 0 = they had none yet). A stale save changes nothing and says so,
 * instead of silently overwriting the other tab's edit. A save whose connection drops is tried
 * once more (`retryOnceIfDropped`); if the first attempt had committed, the retry finds its own
 * version (`expectedVersion` + 1 holding these very answers) and answers saved, not "changed elsewhere".
 */
export async function savePreferences(save: SaveArgs): Promise<{ version: number }> {
  return retryOnceIfDropped("preference save", (isRetry) => savePreferencesAttempt({ ...save, isRetry }));
}

interface SaveArgs {
  tripId: string;
  memberId: string;
  data: MemberPreferences;
  expectedVersion: number;
}

/** One attempt of `savePreferences`; exported for the retry's test. */
export async function savePreferencesAttempt({
  tripId,
  memberId,
  data,
  expectedVersion,
  isRetry,
}: SaveArgs & { isRetry: boolean }): Promise<{ version: number }> {
  return transaction(async (tx) => {
    // The trip row first, shared (lib/db/transaction.ts): a removal, a leave or the trip's
    // deletion holds it, so this save lands wholly before it or finds the member gone after.
    const [stillIn] = await tx
      .select({ id: members.id })
      .from(trips)
      .innerJoin(members, and(eq(members.tripId, trips.id), eq(members.id, memberId)))
      .where(eq(trips.id, tripId))
      .for("share", { of: trips });
    if (!stillIn) throw tripNotFound();
    const saved =
      expectedVersion === 0
        ? await tx
            .insert(preferences)
            .values({ memberId, tripId, data, version: 1 })
            .onConflictDoNothing({ target: preferences.memberId })
            .returning({ version: preferences.version })
        : await tx
            .update(preferences)
            .set({ data, version: sql`${preferences.version} + 1`, updatedAt: new Date() })
            .where(and(eq(preferences.memberId, memberId), eq(preferences.version, expectedVersion)))
            .returning({ version: preferences.version });
    const [row] = saved;
    if (!row && isRetry) {
      // The first attempt may have committed before its answer was lost: then it made exactly
      // the next version, holding these answers (as stored: JSON).
      const [current] = await tx
        .select({ version: preferences.version, data: preferences.data })
        .from(preferences)
        .where(eq(preferences.memberId, memberId));
      if (
        current?.version === expectedVersion + 1 &&
        isDeepStrictEqual(current.data, JSON.parse(JSON.stringify(data)))
      ) {
        return { version: current.version };
      }
    }
    if (!row) {
      throw new AppError(
        "conflict:preferences",
        "Your preferences were changed somewhere else (another tab or device) since you opened this form. Reload to see the latest version, then make your change again.",
      );
    }
    await publishTripEvent({ tx, tripId, event: { kind: "preferences.saved", memberId } });
    return row;
  });
}
