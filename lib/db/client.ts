import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { readEnv } from "@/lib/env";
import * as schema from "./schema";

/**
 * The one database handle of the process. `DATABASE_URL` set → postgres.js against a
 * real Postgres; unset → PGlite (Postgres compiled to WASM) in `PGLITE_DIR`. Both run
 * the same drizzle queries and the same migrations from `drizzle/`, applied before the
 * first query. The handle lives on globalThis so dev-server reloads reuse it (PGlite
 * allows one process per data directory).
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = "postgres" | "pglite";

interface Handle {
  db: Db;
  driver: DbDriver;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");
const globalKey = Symbol.for("tripsync.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

async function open(): Promise<Handle> {
  const env = readEnv();
  if (env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(env.DATABASE_URL, { max: 10, onnotice: () => {} });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, driver: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = env.PGLITE_DIR;
  if (!dir.includes("://")) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, driver: "pglite", close: () => client.close() };
}

function handle(): Promise<Handle> {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    g[globalKey] = open().catch((error: unknown) => {
      // Let the next request try again instead of caching the failure forever.
      g[globalKey] = undefined;
      throw error;
    });
  }
  return g[globalKey];
}

/** The migrated database. */
export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

export function databaseDriver(): DbDriver {
  return readEnv().DATABASE_URL ? "postgres" : "pglite";
}

/** Closes the handle (scripts and tests); the next `getDb()` opens a new one. */
export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const current = g[globalKey];
  g[globalKey] = undefined;
  if (current) await (await current).close();
}
