/**
 * The dashboard's data path end to end — read every member with their preferences from the
 * database, aggregate, detect conflicts — for a full trip (100 members, the most we allow) on
 * an in-memory PGlite. A baseline for page latency; prints figures, never fails.
 */
import { aggregatePreferences, detectConflicts } from "@/lib/agents/aggregation";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { listMembersWithPreferences, MAX_MEMBERS_PER_TRIP } from "@/lib/db/queries/members";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { percentile, syntheticGroup } from "./aggregation";

const RUNS = 30;

export async function benchDashboard(): Promise<void> {
  // Never write benchmark rows into a configured database.
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";

  const answered = syntheticGroup(2 * MAX_MEMBERS_PER_TRIP, 10, 7)
    .flatMap((m) =>
      m.preferences ? [{ name: m.name, tokenHash: hashToken(newToken()), preferences: m.preferences }] : [],
    )
    .slice(0, MAX_MEMBERS_PER_TRIP - 1);
  const { trip } = await createTripWithOrganizer({
    name: "Benchmark trip",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(newToken()) },
    answeredMembers: answered,
  });

  const load = async () => detectConflicts(aggregatePreferences(await listMembersWithPreferences({ tripId: trip.id })));
  for (let i = 0; i < 5; i++) await load();
  const timings: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await load();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  await closeDb();

  console.log(`\ndashboard data: read + aggregate + conflicts, PGlite in memory (${RUNS} timed runs)`);
  console.table([
    {
      members: answered.length + 1,
      answered: answered.length,
      "median ms": percentile(timings, 50).toFixed(1),
      "p95 ms": percentile(timings, 95).toFixed(1),
      "min ms": (timings[0] ?? Number.NaN).toFixed(1),
    },
  ]);
}
