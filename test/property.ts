/**
 * How many cases a property test tries. `full` is the count for a thorough run, `ci` the one
 * `npm test` and CI use (a few seconds a property on a 2-core machine); the seeds are fixed, so
 * the CI cases are the first cases of the full run. `PROPERTY_RUNS=full` (`npm run
 * test:property`) runs every property at its full count; `PROPERTY_RUNS=<n>` runs n cases each.
 */
export function propertyRuns({ ci, full }: { ci: number; full: number }): number {
  const setting = process.env.PROPERTY_RUNS?.trim();
  if (!setting) return ci;
  if (setting === "full") return full;
  const runs = Number(setting);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`PROPERTY_RUNS must be "full" or a whole number of cases ≥ 1, not ${JSON.stringify(setting)}`);
  }
  return runs;
}
