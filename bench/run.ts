/** `npm run bench`: runs every benchmark in order. Add new ones to the list. */
import { benchAggregation } from "./aggregation";
import { benchDashboard } from "./dashboard";
import { benchItinerary } from "./itinerary";
import { benchLive } from "./live";
import { benchPipeline } from "./pipeline";
import { benchProjection } from "./projection";
import { benchShare } from "./share";

const benchmarks: (() => Promise<void>)[] = [
  benchAggregation,
  benchDashboard,
  benchLive,
  benchPipeline,
  benchItinerary,
  benchProjection,
  benchShare,
];

for (const benchmark of benchmarks) await benchmark();
