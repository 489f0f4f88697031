import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";

/** Round trip to the database in ms (opening and migrating it first if needed); throws when it is unreachable. */
export async function pingDatabase(): Promise<number> {
  const db = await getDb();
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
