/**
 * Known homes: what the gazetteer costs. Loading it happens once per process (the first
 * lookup); after that, every lookup a page, a save or "Travelling from" makes should be
 * well under a millisecond. Prints figures, never fails.
 */
import { performance } from "node:perf_hooks";
import { gazetteer } from "@/lib/places/gazetteer";
import { memberHome } from "@/lib/places/home";
import { homePlaceById, suggestPlaces } from "@/lib/places/suggest";
import { percentile } from "./aggregation";

const RUNS = 200;
/** What members type while answering, and homes saved before homes were confirmed. */
const TYPED = ["Barcelona", "Vancouver, BC", "München", "Portland, OR", "Barcel", "Qwzxville", "London, UK", "Austin"];

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function summary(what: string, timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    what,
    runs: sorted.length,
    "median ms": percentile(sorted, 50).toFixed(3),
    "p95 ms": percentile(sorted, 95).toFixed(3),
    "max ms": (sorted[sorted.length - 1] ?? Number.NaN).toFixed(3),
  };
}

export async function benchHomes(): Promise<void> {
  const rows = [];
  rows.push(summary("gazetteer: first load (once per process)", [timed(() => gazetteer())]));
  rows.push(
    summary(
      "gazetteer: later calls",
      Array.from({ length: RUNS }, () => timed(() => gazetteer())),
    ),
  );
  rows.push(summary("home by id: first", [timed(() => homePlaceById("city:3128760"))]));
  rows.push(
    summary(
      "home by id: later",
      Array.from({ length: RUNS }, () => timed(() => homePlaceById("city:2867714"))),
    ),
  );
  const suggest = TYPED.flatMap((text) =>
    Array.from({ length: RUNS / TYPED.length }, () => timed(() => suggestPlaces(text))),
  );
  rows.push(summary("suggestions for what a member types", suggest));
  // The dashboard asks each member's home on every render: 100 members (the most a trip has).
  const members = Array.from({ length: 100 }, (_, i) => ({ origin: TYPED[i % TYPED.length] ?? null }));
  rows.push(
    summary(
      "memberHome × 100 members (one dashboard render)",
      Array.from({ length: 50 }, () => timed(() => members.map((m) => memberHome(m)))),
    ),
  );
  console.log("\nknown homes: gazetteer lookups (in process)");
  console.table(rows);
}
