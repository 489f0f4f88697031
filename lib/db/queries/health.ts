import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { isDroppedConnection } from "@/lib/db/errors";

/** As many as the pool holds (lib/db/client.ts): each may be one the server cut. */
const DEAD_CONNECTIONS_AT_MOST = 10;

/**
 * Round trip to the database in ms (opening and migrating it first if needed); throws when it
 * is unreachable. Connections the server cut while idle each fail their next statement at once
 * (postgres.js then opens a fresh one): the ping goes on past them, so a probe reports the
 * database as it is now, not the dead connections it had.
 */
export async function pingDatabase(): Promise<number> {
  const db = await getDb();
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`select 1`);
      return performance.now() - started;
    } catch (error) {
      if (!isDroppedConnection(error) || attempt > DEAD_CONNECTIONS_AT_MOST) throw error;
    }
  }
}
