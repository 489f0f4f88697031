/** `npm run bench`: runs every benchmark in order. Add new ones to the list. */
import { benchAggregation } from "./aggregation";
import { benchDashboard } from "./dashboard";
import { benchPipeline } from "./pipeline";

const benchmarks: (() => Promise<void>)[] = [benchAggregation, benchDashboard, benchPipeline];

for (const benchmark of benchmarks) await benchmark();
