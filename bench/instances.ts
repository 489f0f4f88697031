/**
 * Limits across processes: two production servers (`next start` on the build in .next) on one
 * fresh PostgreSQL database, and 40 sign-in attempts from one client address, alternating
 * between them, against the join limit of 20 per 10 minutes. Shared limits let 20 through in
 * all; limits counted per process would let 20 through on each (40). Prints which, and the
 * rate_limits rows the servers wrote. Needs `npm run build` first and a Postgres server
 * (E2E_POSTGRES_URL / CI_POSTGRES_URL, else 127.0.0.1:5432).
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { hasBuild, postgresServerUrl, startProductionServers } from "@/test/production-servers";

const LIMIT = 20;
const ATTEMPTS = 40;
const PORTS = [3126, 3127];

export async function benchInstances(): Promise<void> {
  console.log(`\nlimits across two servers: ${ATTEMPTS} sign-in attempts from one address, join limit ${LIMIT}/600`);
  if (!hasBuild()) {
    console.log("  skipped: needs a production build (run `npm run build` first)");
    return;
  }
  const probe = postgres(postgresServerUrl(), { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const reachable = await probe`select 1`.then(
    () => true,
    () => false,
  );
  await probe.end();
  if (!reachable) {
    console.log(`  skipped: no PostgreSQL server at ${new URL(postgresServerUrl()).host}`);
    return;
  }
  const servers = await startProductionServers({
    name: "bench_instances",
    ports: PORTS,
    env: { TRUST_PROXY: "1", RATE_LIMIT_JOIN: `${LIMIT}/600`, LOG_LEVEL: "warn" },
  });
  try {
    const passed = [0, 0];
    let refused = 0;
    for (let i = 0; i < ATTEMPTS; i++) {
      const server = i % 2;
      const response = await fetch(`${servers.bases[server]}/signin/${randomBytes(32).toString("base64url")}`, {
        redirect: "manual",
        headers: { "x-forwarded-for": "198.51.100.7" },
      });
      if (response.status === 429) refused++;
      else passed[server] = (passed[server] ?? 0) + 1;
    }
    const [rows] = await servers.admin<{ n: number }[]>`select count(*)::int as n from rate_limits`;
    const total = (passed[0] ?? 0) + (passed[1] ?? 0);
    console.log(
      `  passed ${total} of ${ATTEMPTS} (${passed[0]} on one server, ${passed[1]} on the other), ${refused} answered 429; ` +
        `rate_limits rows: ${rows?.n ?? 0}`,
    );
    console.log(
      `  limits shared on PostgreSQL: ${total === LIMIT ? "yes" : "NO"} (goal: yes — ${LIMIT} in all, not ${LIMIT} per server)`,
    );
  } finally {
    await servers.stop();
  }
}
