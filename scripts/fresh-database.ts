/**
 * Makes an empty database `<name>` on the Postgres server at `<serverUrl>` (dropping any
 * left from an earlier run) and prints its URL: the hardening suite's exposed server runs
 * on real Postgres this way (playwright.config.ts).
 *   tsx scripts/fresh-database.ts postgres://postgres@127.0.0.1:5432/postgres tripsync_e2e_3110
 */
import postgres from "postgres";

const [serverUrl, name] = process.argv.slice(2);
if (!serverUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: tsx scripts/fresh-database.ts <postgres server url> <database name>");
  process.exit(2);
}
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists "${name}" with (force)`);
await admin.unsafe(`create database "${name}"`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
console.log(url.toString());
