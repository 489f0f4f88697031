/** `npm run bench`: runs every benchmark in order. Add new ones to the list. */
import { benchAggregation } from "./aggregation";

const benchmarks: (() => Promise<void>)[] = [benchAggregation];

for (const benchmark of benchmarks) await benchmark();
