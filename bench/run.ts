/**
 * `npm run bench`: runs every benchmark in order; `npm run bench -- projection share` runs
 * only those. Add new ones to the list.
 */
import { benchAggregation } from "./aggregation";
import { benchAssistant } from "./assistant";
import { benchDashboard } from "./dashboard";
import { benchGroupWatching } from "./group-watching";
import { benchHomes } from "./homes";
import { benchItinerary } from "./itinerary";
import { benchLive } from "./live";
import { benchPipeline } from "./pipeline";
import { benchProjection, benchResearchKept } from "./projection";
import { benchShare } from "./share";

const benchmarks: Record<string, () => Promise<void>> = {
  aggregation: benchAggregation,
  dashboard: benchDashboard,
  live: benchLive,
  "group-watching": benchGroupWatching,
  homes: benchHomes,
  pipeline: benchPipeline,
  itinerary: benchItinerary,
  projection: benchProjection,
  research: benchResearchKept,
  share: benchShare,
  assistant: benchAssistant,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(", ")}; there are: ${Object.keys(benchmarks).join(", ")}`);
  process.exit(2);
}
for (const [name, benchmark] of Object.entries(benchmarks)) {
  if (asked.length === 0 || asked.includes(name)) await benchmark();
}
