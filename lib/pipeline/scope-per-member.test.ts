import { describe, expect, it } from "vitest";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import { validateRecommendations } from "@/lib/validation/recommendations";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline, storedOutcome } from "@/test/pipeline";

withTestDatabase();

/** "In my country" is each member's own country; a card that leaves someone out of theirs names them. */

async function readyPack(group: Parameters<typeof tripWithAnswers>[0]) {
  const trip = await tripWithAnswers(group);
  const run = await runPipeline(trip.tripId);
  expect(run.status).toBe("succeeded");
  const { stored, violations, evidence } = await storedOutcome(trip.tripId, run.id);
  expect(violations).toEqual([]);
  const pack = RecommendationsPack.parse(stored?.pack);
  if (pack.status !== "ready") throw new Error(`expected options, got ${JSON.stringify(pack).slice(0, 1500)}`);
  const ids = new Map((await listMembersWithPreferences({ tripId: trip.tripId })).map((m) => [m.name, m.id]));
  return { pack, evidence, id: (name: string) => ids.get(name) ?? "" };
}

describe("scope per member, named on every card", () => {
  it("Dom wants his own country (US), Int wants abroad: each card names the one it leaves out", async () => {
    const { pack, evidence, id } = await readyPack([
      { name: "Olga", answers: answers({ scope: "either", origin: "New York", vibes: ["city", "food"] }) },
      { name: "Dom", answers: answers({ scope: "domestic", origin: "Denver", vibes: ["city", "food"] }) },
      { name: "Int", answers: answers({ scope: "international", origin: "Boston", vibes: ["city", "food"] }) },
    ]);
    // Both sides are on the slate: at least one place in the US and one abroad.
    expect(pack.options.some((o) => o.countryCode === "US")).toBe(true);
    expect(pack.options.some((o) => o.countryCode !== "US")).toBe(true);
    for (const option of pack.options) {
      const scope = option.tradeoffs[0];
      // Both live in the US: a US place leaves Int out, any other place leaves Dom out.
      if (option.countryCode === "US") {
        expect(scope, option.name).toEqual({
          summary: `${option.name} is in Int's own country (US), not abroad.`,
          memberIds: [id("Int")],
        });
      } else {
        expect(scope, option.name).toEqual({
          summary: `${option.name} is outside Dom's country (US).`,
          memberIds: [id("Dom")],
        });
      }
    }
    // The validator reads the same from the answers alone: a card that drops the line is refused.
    const [first, ...rest] = pack.options;
    if (!first) throw new Error("no options");
    const silent = {
      ...first,
      tradeoffs: first.tradeoffs.slice(1).concat({ summary: "A long way to go.", memberIds: [] }),
    };
    const left = first.countryCode === "US" ? "Int" : "Dom";
    expect(
      validateRecommendations({ ...pack, options: [silent, ...rest] }, evidence).filter(
        (v) => v.rule === "scope-unnamed",
      ),
    ).toEqual([
      {
        slug: first.slug,
        rule: "scope-unnamed",
        message:
          left === "Int"
            ? `${first.name}: it is in Int's own country (US); name them in a tradeoff.`
            : `${first.name}: it is outside Dom's country (US); name them in a tradeoff.`,
      },
    ]);
  });

  it("an Icelander who wants home and two Americans who want abroad: Reykjavik suits both and comes first", async () => {
    const outdoors = { vibes: ["nature", "adventure"] as ("nature" | "adventure")[] };
    const { pack, id } = await readyPack([
      { name: "Olga", answers: answers({ scope: "either", origin: "New York", ...outdoors }) },
      { name: "Siggi", answers: answers({ scope: "domestic", origin: "Reykjavik", ...outdoors }) },
      { name: "Amy", answers: answers({ scope: "international", origin: "Chicago", ...outdoors }) },
      { name: "Bo", answers: answers({ scope: "international", origin: "Seattle", ...outdoors }) },
    ]);
    expect(pack.options.length).toBeGreaterThanOrEqual(3);
    expect(pack.options[0]?.slug).toBe("reykjavik");
    // Nobody is left out of their scope there, so no card line names a scope for it.
    expect(pack.options[0]?.tradeoffs.some((t) => /country/.test(t.summary))).toBe(false);
    for (const option of pack.options.slice(1)) {
      const expected =
        option.countryCode === "US"
          ? {
              summary: `${option.name} is outside Siggi's country (IS), and in Amy's own country (US) and Bo's own country (US), not abroad.`,
              memberIds: [id("Siggi"), id("Amy"), id("Bo")],
            }
          : { summary: `${option.name} is outside Siggi's country (IS).`, memberIds: [id("Siggi")] };
      expect(option.tradeoffs[0], option.name).toEqual(expected);
    }
  });
});
