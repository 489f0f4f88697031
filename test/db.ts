import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";

/**
 * Gives the calling test file a database of its own, migrated and empty:
 * - `DATABASE_URL` set → a new database on that Postgres server, dropped afterwards;
 * - unset → an in-memory PGlite, or with `onDisk` a PGlite in a temporary directory (for tests
 *   where another process opens the same database in turn), removed afterwards.
 * `npm test` runs every database test on whichever the environment selects; CI runs both.
 */
export function withTestDatabase({ onDisk = false }: { onDisk?: boolean } = {}): void {
  const serverUrl = process.env.DATABASE_URL;
  let dbName: string | undefined;
  let pgliteDir: string | undefined;

  beforeAll(async () => {
    if (serverUrl) {
      dbName = `tripsync_test_${process.pid}_${randomBytes(4).toString("hex")}`;
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${dbName}"`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${dbName}`;
      process.env.DATABASE_URL = url.toString();
    } else if (onDisk) {
      pgliteDir = mkdtempSync(path.join(tmpdir(), "tripsync-test-"));
      process.env.PGLITE_DIR = pgliteDir;
    } else {
      process.env.PGLITE_DIR = "memory://";
    }
    await getDb();
  });

  afterAll(async () => {
    // A pipeline a test started in the background must not outlive its database.
    await settleLocalRuns();
    await closeDb();
    if (serverUrl && dbName) {
      process.env.DATABASE_URL = serverUrl;
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  });
}
