/**
 * `npm run bench`: runs every benchmark in order; `npm run bench -- projection share` runs
 * only those. Add new ones to the list.
 */
import { benchAggregation } from "./aggregation";
import { benchAssistant } from "./assistant";
import { benchCosts } from "./costs";
import { benchCostsPage } from "./costs-page";
import { benchDashboard } from "./dashboard";
import { benchGroupWatching } from "./group-watching";
import { benchHomes } from "./homes";
import { benchInstances } from "./instances";
import { benchItinerary } from "./itinerary";
import { benchLeases } from "./leases";
import { benchLive } from "./live";
import { benchOffline } from "./offline";
import { benchPipeline } from "./pipeline";
import { benchProjection, benchResearchKept } from "./projection";
import { benchRegeneration } from "./regeneration";
import { benchShare } from "./share";

const benchmarks: Record<string, () => Promise<void>> = {
  aggregation: benchAggregation,
  dashboard: benchDashboard,
  live: benchLive,
  "group-watching": benchGroupWatching,
  homes: benchHomes,
  pipeline: benchPipeline,
  itinerary: benchItinerary,
  regeneration: benchRegeneration,
  projection: benchProjection,
  research: benchResearchKept,
  share: benchShare,
  instances: benchInstances,
  offline: benchOffline,
  assistant: benchAssistant,
  leases: benchLeases,
  costs: benchCosts,
  "costs-page": benchCostsPage,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(", ")}; there are: ${Object.keys(benchmarks).join(", ")}`);
  process.exit(2);
}
const took: string[] = [];
const failed: string[] = [];
for (const [name, benchmark] of Object.entries(benchmarks)) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  const started = performance.now();
  try {
    await benchmark();
  } catch (error) {
    // One benchmark that can't finish doesn't hide the others' figures; the run still ends in failure.
    console.error(`\nbenchmark ${name} failed:`, error);
    failed.push(name);
  }
  took.push(`${name} ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
console.log(`\nbenchmark wall times: ${took.join(", ")}`);
if (failed.length > 0) {
  console.error(`benchmarks that failed: ${failed.join(", ")}`);
  process.exitCode = 1;
}
