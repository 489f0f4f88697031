import { expect, it } from "vitest";
import { screen } from "@/lib/agents/screening";
import { allFacts } from "@/lib/facts";

/**
 * The plans' own words come from the catalog, and every generated line passes the guard's
 * output check before a page shows it: the catalog's texts must pass it themselves, or a
 * plan that quotes them ("beat the traffic") would be refused.
 */
it("every text in the catalog passes the guard's output check", () => {
  const flagged = allFacts().flatMap((d) =>
    [
      d.summary,
      ...d.tips,
      ...d.activities.flatMap((a) => [a.title, a.description, ...a.tips]),
      ...d.meals.flatMap((m) => [m.name, m.description]),
    ].flatMap((text) => (screen(text) ? [`${d.slug}: ${text}`] : [])),
  );
  expect(flagged).toEqual([]);
});
