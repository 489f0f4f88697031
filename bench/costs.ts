/**
 * Settle-up for 30 members × 1,000 expenses in five currencies (seeded, so every run sees the
 * same data): balances (each expense converted at its kept rate and split with the money
 * library) plus the fewest-transfer matching. Prints figures next to the goal; never fails.
 */
import { quote } from "@/lib/money/rates";
import { balancesOf, type KeptExpense, settleUp } from "@/lib/money/settle";
import { seededRandom } from "./aggregation";

const GOAL_MS = 50;
const WARMUP_RUNS = 5;
const TIMED_RUNS = 30;
const CURRENCIES = ["EUR", "USD", "GBP", "JPY", "MXN"];
const TRIP_CURRENCY = "EUR";

export function syntheticCosts(members: number, expenses: number, seed: number) {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const ids = Array.from({ length: members }, (_, i) => `m${String(i).padStart(2, "0")}`);
  const list: KeptExpense[] = Array.from({ length: expenses }, () => {
    const currency = CURRENCIES[int(0, CURRENCIES.length - 1)] ?? "EUR";
    const amount = currency === "JPY" ? int(500, 60_000) : int(100, 50_000);
    const rate = quote(currency, TRIP_CURRENCY)?.rate ?? { amount: 1, scale: 0 };
    const payer = ids[int(0, members - 1)] ?? "m00";
    const sharers = ids.filter(() => random() < 0.6);
    // Half split equally, half by shares (1–3 each).
    const split: KeptExpense["split"] =
      sharers.length === 0
        ? { kind: "equal", memberIds: [payer] }
        : random() < 0.5
          ? { kind: "equal", memberIds: sharers }
          : { kind: "shares", shares: sharers.map((memberId) => ({ memberId, shares: int(1, 3) })) };
    return { amount, currency, payers: [{ memberId: payer, amount }], split, rate };
  });
  return { ids, expenses: list };
}

export async function benchCosts(): Promise<void> {
  const { ids, expenses } = syntheticCosts(30, 1000, 35);
  let transfers = 0;
  const run = () => {
    const balances = balancesOf(ids, expenses, [], TRIP_CURRENCY);
    transfers = settleUp(balances).length;
  };
  for (let i = 0; i < WARMUP_RUNS; i++) run();
  const times: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
  console.log(
    `costs: settle-up 30 members × 1,000 expenses in ${CURRENCIES.length} currencies → ${transfers} transfers; median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal ≤ ${GOAL_MS} ms)`,
  );
}
