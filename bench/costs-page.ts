/**
 * The Costs page under load: a production server (`next start` on the build in .next) on its
 * own PGlite, seeded with a trip of 8 members and 300 expenses in three currencies with
 * payments; 50 concurrent requests at a time to the Costs page (signed in as a member) and to
 * the cheapest route (/api/health: one `select 1`), measured in the same run. Prints p50/p95
 * per route and as a ratio to the cheapest. Needs `npm run build` first.
 */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import * as actions from "@/lib/actions";
import { tripCookieName } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { browser } from "@/test/browser";
import { seededRandom } from "./aggregation";
import { freePort, load, waitUntilUp } from "./share";

const MEMBERS = 8;
const EXPENSES = 300;
const ROUNDS = 8;
const DATA_DIR = ".data/bench-costs-page";

export async function benchCostsPage(): Promise<void> {
  console.log(`\ncosts page under load: 50 concurrent requests × ${ROUNDS} rounds per route, next start, PGlite`);
  if (!existsSync(".next/BUILD_ID")) {
    console.log("  skipped: needs a production build (run `npm run build` first)");
    return;
  }
  const { tripId, organizerToken } = await seedCosts(DATA_DIR);
  const port = await freePort();
  const server = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PGLITE_DIR: DATA_DIR,
      RATE_LIMIT_READ: "1000000/60",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/api/health`, server);
    const signedIn = { headers: { cookie: `${tripCookieName(tripId)}=${organizerToken}` } };
    const routes = [
      { name: "/api/health (cheapest)", url: `${base}/api/health`, init: undefined },
      { name: `/trips/<id>/costs (${EXPENSES} exp.)`, url: `${base}/trips/${tripId}/costs`, init: signedIn },
    ];
    for (const route of routes) await load(route.url, 1, route.init);
    const results = [];
    for (const route of routes) results.push({ ...route, ...(await load(route.url, ROUNDS, route.init)) });
    const cheapest = results[0];
    if (!cheapest) return;
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(30)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  ` +
          `×${(r.p50 / cheapest.p50).toFixed(1)} / ×${(r.p95 / cheapest.p95).toFixed(1)} the cheapest  ` +
          `${(r.bytes / 1024).toFixed(1)} KB, ${r.failures} failed`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

/** A trip of MEMBERS people with EXPENSES expenses (EUR, USD, JPY) and a few payments, in a fresh PGlite at `dir`. */
async function seedCosts(dir: string): Promise<{ tripId: string; organizerToken: string }> {
  rmSync(dir, { recursive: true, force: true });
  const before = { dir: process.env.PGLITE_DIR, db: process.env.DATABASE_URL, save: process.env.RATE_LIMIT_SAVE };
  process.env.PGLITE_DIR = dir;
  delete process.env.DATABASE_URL;
  process.env.RATE_LIMIT_SAVE = "1000000/60";
  await closeDb();
  try {
    const organizerToken = newToken();
    const { trip } = await createTripWithOrganizer({
      name: "Costs benchmark",
      inviteToken: newToken(),
      organizer: { name: "Organizer", tokenHash: hashToken(organizerToken) },
      answeredMembers: [],
    });
    const organizer = browser(new Map([[tripCookieName(trip.id), organizerToken]]));
    for (let i = 1; i < MEMBERS; i++) {
      const joined = await actions.joinTrip(browser().ctx, { inviteToken: trip.inviteToken, name: `Member ${i}` });
      if (!joined.ok) throw new Error(joined.message);
    }
    const ids = (await listMembersWithPreferences({ tripId: trip.id })).map((m) => m.id);
    const random = seededRandom(35);
    const currencies = ["EUR", "USD", "JPY"];
    for (let i = 0; i < EXPENSES; i++) {
      const currency = currencies[i % currencies.length] ?? "USD";
      const whole = currency === "JPY" ? 500 + Math.floor(random() * 20_000) : 5 + Math.floor(random() * 300);
      const payer = ids[Math.floor(random() * ids.length)] ?? ids[0] ?? "";
      const added = await actions.addExpense(organizer.ctx, {
        tripId: trip.id,
        description: `Expense ${i + 1}`,
        amount: String(whole),
        currency,
        category: "food",
        spentOn: "2027-06-10",
        payers: [{ memberId: payer, amount: String(whole) }],
        split: { kind: "equal", memberIds: [...new Set([...ids.filter(() => random() < 0.7), payer])] },
      });
      if (!added.ok) throw new Error(added.message);
    }
    return { tripId: trip.id, organizerToken };
  } finally {
    await closeDb();
    process.env.PGLITE_DIR = before.dir;
    if (before.db) process.env.DATABASE_URL = before.db;
    if (before.save === undefined) delete process.env.RATE_LIMIT_SAVE;
    else process.env.RATE_LIMIT_SAVE = before.save;
  }
}
