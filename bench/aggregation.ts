/**
 * Times aggregatePreferences + detectConflicts on large synthetic groups (seeded, so every run
 * sees the same data). Prints figures next to the goal; it never fails the run.
 */
import { aggregatePreferences, detectConflicts, type GroupMember } from "@/lib/agents/aggregation";
import { fromDayNumber, toDayNumber } from "@/lib/dates";
import { DIETARY, MemberPreferences, SCOPES, VIBES } from "@/lib/schemas/preferences";

const GOAL_MS = 100;
const WARMUP_RUNS = 10;
const TIMED_RUNS = 50;
const SEASON_START = toDayNumber("2026-05-01");
const SEASON_DAYS = 180;
const TAGS = ["camping", "museums", "long hikes", "clubs", "early mornings", "boat trips"];

/** mulberry32: tiny, fast, and good enough for benchmark data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function syntheticGroup(memberCount: number, windowsPerMember: number, seed: number): GroupMember[] {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[], count: number) => items.filter(() => random() < count / items.length);

  return Array.from({ length: memberCount }, (_, i) => {
    const windows = Array.from({ length: windowsPerMember }, () => {
      const start = SEASON_START + int(0, SEASON_DAYS - 1);
      const end = Math.min(SEASON_START + SEASON_DAYS - 1, start + int(1, 14));
      return { start: fromDayNumber(start), end: fromDayNumber(end) };
    });
    const minDays = int(2, 6);
    const budgetMin = int(3, 20) * 100;
    const preferences = MemberPreferences.parse({
      dates: { flexible: random() < 0.05, windows },
      tripLength: { minDays, maxDays: minDays + int(0, 7) },
      budget: random() < 0.15 ? null : { min: budgetMin, max: budgetMin + int(2, 20) * 100, hardLimit: random() < 0.2 },
      vibes: pick(VIBES, 3),
      pace: null,
      accommodation: null,
      dietary: pick(DIETARY, 0.5),
      accessibility: [],
      hardNos: pick(TAGS, 1),
      mustHaves: pick(TAGS, 1),
      scope: SCOPES[int(0, SCOPES.length - 1)],
      origin: null,
      notes: "",
    });
    // About one member in ten hasn't answered yet.
    return { id: `m${i}`, name: `Member ${i}`, preferences: random() < 0.1 ? null : preferences };
  });
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function measure(memberCount: number, windowsPerMember: number) {
  const members = syntheticGroup(memberCount, windowsPerMember, 42 + memberCount);
  const run = () => detectConflicts(aggregatePreferences(members));
  for (let i = 0; i < WARMUP_RUNS; i++) run();

  const timings: number[] = [];
  const heapBefore = process.memoryUsage().heapUsed;
  let conflicts = 0;
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    conflicts = run().length;
    timings.push(performance.now() - started);
  }
  const heapDeltaMb = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
  timings.sort((a, b) => a - b);
  const status = aggregatePreferences(members).dates.status;
  return {
    members: memberCount,
    windows: windowsPerMember,
    "median ms": percentile(timings, 50).toFixed(2),
    "p95 ms": percentile(timings, 95).toFixed(2),
    "min ms": (timings[0] ?? Number.NaN).toFixed(2),
    [`heap Δ MB (${TIMED_RUNS} runs)`]: heapDeltaMb.toFixed(1),
    "dates / conflicts": `${status} / ${conflicts}`,
    goal: `< ${GOAL_MS} ms ${percentile(timings, 95) < GOAL_MS ? "✓" : "✗"}`,
  };
}

export async function benchAggregation(): Promise<void> {
  console.log(`\naggregatePreferences + detectConflicts (${WARMUP_RUNS} warm-up, ${TIMED_RUNS} timed runs)`);
  console.table([measure(100, 10), measure(1_000, 10)]);
}
