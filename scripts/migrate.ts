/** `npm run db:migrate`: applies the SQL migrations in drizzle/ to the configured database. */
import { closeDb, databaseDriver, getDb } from "@/lib/db/client";

const started = performance.now();
await getDb();
await closeDb();
console.log(`Migrations applied (${databaseDriver()}) in ${Math.round(performance.now() - started)} ms`);
