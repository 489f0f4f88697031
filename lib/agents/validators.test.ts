import { describe, expect, it } from "vitest";
import { aggregatePreferences } from "@/lib/agents/aggregation";
import { planningWindow } from "@/lib/agents/destination-research";
import { constraintsOf, eligibleActivities, estimateCost, stretchedMembers } from "@/lib/agents/hard-constraints";
import { checkCompliance, checkGrounding, type ValidationContext, validateOptions } from "@/lib/agents/validators";
import { findDestination } from "@/lib/catalog";
import type { Candidate, RawMember, ResearchFacts } from "@/lib/schemas/pipeline";
import { MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";
import { DestinationOption } from "@/lib/schemas/recommendations";
import { answers } from "@/test/fixtures";

/**
 * A domestic group with a step-free need and a hard budget cap. Research facts are built the
 * way the research agent builds them (eligible activities, estimated cost, catalog sources), and
 * options the way the ranker assembles them, so the untouched set is valid and each test breaks
 * exactly one thing.
 */

const ANA_NOTES = "We really want somewhere with great museums and easy transit for my mother this summer";
const HARD_CAP = 3000;

function member(id: string, overrides: Partial<MemberPreferencesInput>): RawMember {
  return {
    id,
    name: id.toUpperCase(),
    preferences: MemberPreferences.parse(answers({ tripLength: { minDays: 4, maxDays: 6 }, ...overrides })),
  };
}

const baseMembers: RawMember[] = [
  member("ana", {
    origin: "Boston",
    scope: "domestic",
    accessibility: ["step-free"],
    budget: { min: 500, max: HARD_CAP, hardLimit: true },
    notes: ANA_NOTES,
  }),
  member("ben", { origin: "Chicago", scope: "domestic", budget: { min: 500, max: 4000, hardLimit: false } }),
];

const VALID_SLUGS = ["new-york-city", "chicago", "san-diego"] as const;
/** Researched too, so swapping one in breaks only the rule under test. */
const OTHER_SLUGS = ["tokyo", "new-orleans"] as const;

function contextFor(members: RawMember[]): ValidationContext {
  const profile = aggregatePreferences(members);
  const constraints = constraintsOf(profile);
  const research: Record<string, ResearchFacts> = {};
  const candidates: Candidate[] = [];
  for (const slug of [...VALID_SLUGS, ...OTHER_SLUGS]) {
    const d = findDestination(slug);
    if (!d) throw new Error(`test fixture: no destination ${slug}`);
    const activities = eligibleActivities(d, constraints);
    const cost = estimateCost(d, members, profile, activities);
    research[slug] = {
      slug,
      verified: true,
      summary: d.summary,
      cost: { low: cost.low, high: cost.high, nights: cost.nights, tier: cost.tier },
      climate: null,
      activities: activities.map(({ id, title, area, bestTime, costUsd }) => ({ id, title, area, bestTime, costUsd })),
      sources: d.sources,
    };
    candidates.push({ slug, name: d.name, region: d.region, rationale: "Fits the group's vibes.", vibeMatch: 0.8 });
  }
  return { profile, members, candidates, research };
}

function optionFor(slug: string, ctx: ValidationContext): DestinationOption {
  const d = findDestination(slug);
  const facts = ctx.research[slug];
  if (!d || !facts) throw new Error(`test fixture: ${slug} not researched`);
  const [first, second] = facts.activities;
  if (!first || !second) throw new Error(`test fixture: ${slug} has fewer than 2 eligible activities`);
  const impacted = stretchedMembers(facts.cost.high, ctx.profile);
  return DestinationOption.parse({
    slug,
    name: d.name,
    country: d.country,
    region: d.region,
    whyItFits: [`${d.name} pairs step-free sights with plenty to do for everyone.`],
    costPerPerson: { low: facts.cost.low, high: facts.cost.high, includes: ["round-trip flight"] },
    highlights: [first, second].map((a, i) => ({
      day: i + 1,
      timeOfDay: a.bestTime,
      activityId: a.id,
      title: a.title,
      area: a.area,
    })),
    tradeoffs: [{ summary: "Busy in early summer.", memberIds: [] }],
    confidence: "high",
    mode: impacted.length ? "compromise" : "consensus",
    impactedMemberIds: impacted,
    verified: facts.verified,
    datesPending: false,
    window: planningWindow(ctx.profile),
    sources: facts.sources.slice(0, 2),
  });
}

const ctx = contextFor(baseMembers);
const validSet = () => VALID_SLUGS.map((slug) => optionFor(slug, ctx));
const rules = (violations: { rule: string }[]) => violations.map((v) => v.rule);

/** The valid set with its first option changed by `change`. */
function withFirst(change: (option: DestinationOption) => DestinationOption): DestinationOption[] {
  const [first, ...rest] = validSet();
  if (!first) throw new Error("unreachable");
  return [change(first), ...rest];
}

describe("the fixture", () => {
  it("is a domestic, step-free group with a hard cap, common dates, all options within budget", () => {
    expect(ctx.profile.scope.status).toBe("domestic");
    expect(ctx.profile.dates.status).toBe("overlap");
    expect(ctx.profile.budget.hardCap).toBe(HARD_CAP);
    for (const option of validSet()) {
      expect(option.costPerPerson.high, option.slug).toBeLessThanOrEqual(HARD_CAP);
      expect(option.mode, option.slug).toBe("consensus");
    }
  });
});

describe("a valid option set", () => {
  it("has no violations", () => {
    expect(validateOptions(validSet(), ctx)).toEqual([]);
  });

  it("stays valid with a correctly marked compromise option", () => {
    const tight = contextFor([
      baseMembers[0] as RawMember,
      member("ben", { origin: "Chicago", scope: "domestic", budget: { min: 200, max: 900, hardLimit: false } }),
    ]);
    const options = VALID_SLUGS.map((slug) => optionFor(slug, tight));
    expect(options.every((o) => o.mode === "compromise" && o.impactedMemberIds.join() === "ben")).toBe(true);
    expect(validateOptions(options, tight)).toEqual([]);
  });
});

describe("each broken rule is reported", () => {
  it("a cost over the hard cap → hard-cap", () => {
    const options = withFirst((o) => ({ ...o, costPerPerson: { ...o.costPerPerson, high: HARD_CAP + 1 } }));
    const violations = checkCompliance(options, ctx);
    expect(rules(violations)).toEqual(["hard-cap"]);
    expect(violations[0]?.slug).toBe("new-york-city");
  });

  it("a non-US destination for a domestic group → hard-constraint", () => {
    const options = [...validSet().slice(0, 2), optionFor("tokyo", ctx)];
    const violations = validateOptions(options, ctx);
    expect(rules(violations)).toEqual(["hard-constraint"]);
    expect(violations[0]).toMatchObject({ slug: "tokyo", message: expect.stringMatching(/outside the US/) });
  });

  it("a destination without the group's accessibility need → hard-constraint", () => {
    const options = [...validSet().slice(0, 2), optionFor("new-orleans", ctx)];
    const violations = validateOptions(options, ctx);
    expect(rules(violations)).toEqual(["hard-constraint"]);
    expect(violations[0]).toMatchObject({ slug: "new-orleans", message: expect.stringMatching(/step-free/) });
  });

  it("a highlight whose activity id is not in research → ungrounded-highlight", () => {
    const options = withFirst((o) => ({
      ...o,
      highlights: o.highlights.map((h, i) => (i === 0 ? { ...h, activityId: "helicopter-tour-we-made-up" } : h)),
    }));
    expect(rules(validateOptions(options, ctx))).toEqual(["ungrounded-highlight"]);
  });

  it("a highlight research filtered out (not step-free) → hard-constraint and ungrounded-highlight", () => {
    const nyc = findDestination("new-york-city");
    const blocked = nyc?.activities.find((a) => !a.accessibility.includes("step-free"));
    if (!blocked) throw new Error("test fixture: every NYC activity is step-free");
    const options = withFirst((o) => ({
      ...o,
      highlights: o.highlights.map((h, i) =>
        i === 0 ? { ...h, activityId: blocked.id, title: blocked.title, area: blocked.area } : h,
      ),
    }));
    expect(rules(validateOptions(options, ctx)).sort()).toEqual(["hard-constraint", "ungrounded-highlight"]);
  });

  it("a highlight with the right id but an invented title → ungrounded-highlight", () => {
    const options = withFirst((o) => ({
      ...o,
      highlights: o.highlights.map((h, i) => (i === 0 ? { ...h, title: "Secret rooftop party" } : h)),
    }));
    expect(rules(checkGrounding(options, ctx))).toEqual(["ungrounded-highlight"]);
  });

  it("a source URL not in research → ungrounded-source", () => {
    const options = withFirst((o) => ({
      ...o,
      sources: [...o.sources, { title: "Totally real guide", url: "https://example.com/nyc-guide" }],
    }));
    expect(rules(validateOptions(options, ctx))).toEqual(["ungrounded-source"]);
  });

  it("a cost different from research → ungrounded-cost", () => {
    const options = withFirst((o) => ({ ...o, costPerPerson: { ...o.costPerPerson, low: o.costPerPerson.low - 10 } }));
    expect(rules(validateOptions(options, ctx))).toEqual(["ungrounded-cost"]);
  });

  it("datesPending when the group has common dates → dates", () => {
    expect(
      rules(
        validateOptions(
          withFirst((o) => ({ ...o, datesPending: true })),
          ctx,
        ),
      ),
    ).toEqual(["dates"]);
  });

  it('"compromise" when nobody is stretched → mode', () => {
    expect(
      rules(
        validateOptions(
          withFirst((o) => ({ ...o, mode: "compromise" })),
          ctx,
        ),
      ),
    ).toEqual(["mode"]);
  });

  it("naming a member whose budget it doesn't exceed → impacted", () => {
    expect(
      rules(
        validateOptions(
          withFirst((o) => ({ ...o, impactedMemberIds: ["ben"] })),
          ctx,
        ),
      ),
    ).toEqual(["impacted"]);
  });

  it('"consensus" and nobody named when someone is stretched → impacted and mode', () => {
    const tight = contextFor([
      baseMembers[0] as RawMember,
      member("ben", { origin: "Chicago", scope: "domestic", budget: { min: 200, max: 900, hardLimit: false } }),
    ]);
    const options = VALID_SLUGS.map((slug) => optionFor(slug, tight));
    const [first, ...rest] = options;
    if (!first) throw new Error("unreachable");
    const hidden = [{ ...first, mode: "consensus" as const, impactedMemberIds: [] }, ...rest];
    expect(rules(validateOptions(hidden, tight)).sort()).toEqual(["impacted", "mode"]);
  });

  it("only 2 options → count", () => {
    expect(rules(validateOptions(validSet().slice(0, 2), ctx))).toEqual(["count"]);
  });

  it("6 options → count", () => {
    const six = [...validSet(), ...validSet()];
    expect(six).toHaveLength(6);
    expect(rules(checkCompliance(six, ctx))).toContain("count");
  });

  it("the same destination twice → duplicate", () => {
    const options = validSet();
    const first = options[0] as DestinationOption;
    const violations = validateOptions([...options, { ...first }], ctx);
    expect(rules(violations)).toEqual(["duplicate"]);
    expect(violations[0]?.slug).toBe(first.slug);
  });

  it("whyItFits quoting 6 consecutive words of a member's notes → echo", () => {
    const options = withFirst((o) => ({
      ...o,
      whyItFits: ["Ana said: Great museums and easy transit for my mother!"],
    }));
    const violations = validateOptions(options, ctx);
    expect(rules(violations)).toEqual(["echo"]);
    expect(JSON.stringify(violations)).not.toContain("museums");
  });

  it("5 consecutive words of a member's notes are not an echo", () => {
    const options = withFirst((o) => ({ ...o, whyItFits: ["It has great museums and easy transit nearby."] }));
    expect(validateOptions(options, ctx)).toEqual([]);
  });
});
