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
/** A transaction handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbDriver = "postgres" | "pglite";

/**
 * LISTEN on `channel` until the returned function is called. `onListen` runs once the
 * LISTEN is in place, and again after the driver re-established a dropped listening
 * connection (postgres.js does that by itself), when notifications may have been missed.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onListen: () => void,
) => Promise<() => Promise<void>>;

interface Handle {
  db: Db;
  driver: DbDriver;
  listen: Listen;
  close(): Promise<void>;
}

/**
 * Statements sent through drizzle by this process (the /status page and the live-channel
 * benchmark). Counted on globalThis, like the handle: a production build may load this module
 * once per server bundle, and the handle opened by one copy must count where /status reads.
 */
const countKey = Symbol.for("tripsync.db.statements");
type GlobalWithCount = typeof globalThis & { [countKey]?: { n: number } };
function statementCounter(): { n: number } {
  const g = globalThis as GlobalWithCount;
  g[countKey] ??= { n: 0 };
  return g[countKey];
}
const logger = { logQuery: () => void statementCounter().n++ };
export const statementsIssued = (): number => statementCounter().n;

const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");
const globalKey = Symbol.for("tripsync.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

async function open(): Promise<Handle> {
  const env = readEnv();
  if (env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // fetch_types off: on every (re)connect postgres.js would first read the array types, and a
    // connection cut during that read (an outage, a restart) rejects a promise nobody awaits: an
    // unhandled rejection per reconnect. The schema has no array columns and no query returns one.
    const client = postgres(env.DATABASE_URL, { max: 10, onnotice: () => {}, fetch_types: false });
    const db = drizzle(client, { schema, logger });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    // postgres.js keeps one extra connection for every LISTEN of the process and re-listens after a drop.
    const listen: Listen = async (channel, onNotify, onListen) => {
      const { unlisten } = await client.listen(channel, onNotify, onListen);
      return unlisten;
    };
    return { db, driver: "postgres", listen, close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = env.PGLITE_DIR;
  if (!dir.includes("://")) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzle(client, { schema, logger });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // PGlite runs in this process: its NOTIFY is an in-process bus, delivered after the sending transaction commits.
  const listen: Listen = async (channel, onNotify, onListen) => {
    const unlisten = await client.listen(channel, onNotify);
    onListen();
    return () => unlisten();
  };
  return { db, driver: "pglite", listen, close: () => client.close() };
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

/** LISTEN through the process's database handle (see `Listen`). */
export const listen: Listen = async (channel, onNotify, onListen) =>
  (await handle()).listen(channel, onNotify, onListen);

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
