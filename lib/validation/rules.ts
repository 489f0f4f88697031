import "server-only";
import { type HardNoRule, namesPlace } from "@/lib/constraints/hard-nos";
import { containsPhrase, phraseKey, wordsOf } from "@/lib/constraints/text";
import { addDays } from "@/lib/dates";
import { climateIn, type DestinationFacts } from "@/lib/facts";
import { travelBetween } from "@/lib/facts/travel";
import { exceeds } from "@/lib/money/budget";
import { greatCircleKm, HOME_KM } from "@/lib/places/geo";
import type { RawMember } from "@/lib/schemas/pipeline";
import type { MemberView } from "@/lib/validation/member-view";

/**
 * The validators' own judgement of members' hard constraints and of what a trip costs a
 * member — shared by the recommendation and itinerary validators, and written apart from
 * the planner's (lib/constraints/judge.ts, lib/money): a mistake on either side shows up
 * as a disagreement instead of passing by construction.
 */

export const TIERS = ["budget", "midrange", "premium"] as const;
export type Tier = (typeof TIERS)[number];
const ALLERGIES: ReadonlySet<string> = new Set(["nut-allergy", "shellfish-allergy"]);
export const MIN_ACTIVITIES = 4;
const MONTHS_WITHOUT_DATES = 6;

/**
 * The member lives at the destination, read from the raw facts (not the ledger's travel):
 * their confirmed home within HOME_KM of its coordinates, or the same place by name and country.
 */
export function livesThere(
  member: Pick<MemberView, "home" | "homeKnown">,
  facts: Pick<DestinationFacts, "name" | "countryCode" | "coordinates">,
): boolean {
  if (!member.homeKnown) return false;
  const { home } = member;
  if (greatCircleKm(home, facts.coordinates) < HOME_KM) return true;
  const name = (home as { name?: string }).name;
  return name !== undefined && home.countryCode === facts.countryCode && phraseKey(name) === phraseKey(facts.name);
}

/** A member can travel on `day` when flexible, or when one of their windows (widened by their flexibility) has it. */
export function available(member: MemberView, day: string): boolean {
  const { dates } = member.prefs;
  if (dates.flexible) return true;
  // From the raw answer (the independent validator doesn't share the planner's helpers).
  const slack = dates.flexibleDays ?? 0;
  return dates.windows.some((w) => addDays(w.start, -slack) <= day && day <= addDays(w.end, slack));
}

export function everyDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** What a member's trip costs, from raw facts: own round trip, nights at their tier, a paid activity a day. */
/** A card's activities: one paid activity a day at the destination's median ticket (the lower middle). */
export function cardActivities(facts: DestinationFacts, days: number): number {
  const paid = facts.activities
    .map((a) => a.costUsd)
    .filter((c) => c > 0)
    .sort((a, b) => a - b);
  return (paid.length ? (paid[Math.floor((paid.length - 1) / 2)] ?? 0) : 0) * days;
}

export function costFor(
  facts: DestinationFacts,
  member: MemberView,
  nights: number,
  activities: number,
  groupTier: Tier,
  /** A plan's meals over the food allowance at a stay level (lib/validation/itinerary-food.ts); none on a card. */
  foodExtraAt: (tier: Tier) => number = () => 0,
) {
  // An unknown fare, or travel from a home that isn't confirmed, is left out (the ledger says so);
  // who lives at the destination pays none, whatever fare the facts lack.
  const travel = !member.homeKnown || livesThere(member, facts) ? 0 : (travelBetween(member.home, facts).usd ?? 0);
  const wanted: Tier = member.prefs.accommodation ?? groupTier;
  let tier = wanted;
  const total = (t: Tier) => travel + facts.dailyCostUsd[t] * nights + activities + foodExtraAt(t);
  const cap = member.hardCap;
  if (cap !== null) {
    // Only the member's own hard cap moves them to a cheaper stay (the first that fits, else the cheapest),
    // judged in the member's own currency.
    const cheaperFirst = TIERS.slice(0, TIERS.indexOf(wanted) + 1).reverse();
    tier = cheaperFirst.find((t) => !exceeds(total(t), cap)) ?? "budget";
  }
  return {
    tier,
    /** undefined: no travel line at all (the home isn't confirmed). */
    travel: member.homeKnown ? travel : undefined,
    stay: facts.dailyCostUsd[tier] * nights,
    activities,
    foodExtra: foodExtraAt(tier),
    total: total(tier),
  };
}

export function destinationBreaks(
  facts: DestinationFacts,
  m: MemberView,
  months: number[] | null,
  /** A decided scope applies to every member; otherwise each member's own, unless the group is split on it. */
  ctx: { scopeSplit: boolean; decidedScope?: "domestic" | "international" | null; days?: number },
): string[] {
  const out: string[] = [];
  const claimed = m.prefs.dietary.filter((diet) => ALLERGIES.has(diet) || facts.dietary.includes(diet));
  for (const diet of m.prefs.dietary) if (!claimed.includes(diet)) out.push(`${diet} is hard to find`);
  const allergies = m.prefs.dietary.filter((diet) => ALLERGIES.has(diet));
  if (claimed.length === m.prefs.dietary.length && !tablesServe(facts, allergies))
    out.push(`too few places to eat serve ${allergies.join(" and ")}`);
  for (const need of m.prefs.accessibility)
    if (!facts.accessibility.includes(need) && !venuesServe(facts, need, ctx.days ?? 1))
      out.push(`not ${need} friendly`);
  const scope = ctx.decidedScope ?? (ctx.scopeSplit ? "either" : m.prefs.scope);
  const home = m.country?.code;
  if (home && scope === "domestic" && facts.countryCode !== home) out.push("outside their country");
  if (home && scope === "international" && facts.countryCode === home) out.push("in their own country");
  for (const rule of m.rules) if (ruleBreaks(facts, rule, m, months)) out.push(rule.label);
  return out;
}

/** Places to eat a member's allergies need: two or more, between them open for lunch and for dinner. */
const MIN_DIET_TABLES = 2;

/**
 * A member with allergies eats safely here when at least two places to eat each confirm
 * every one of them (a city-wide claim doesn't count), and lunch and dinner are both among
 * what those places serve.
 */
function tablesServe(facts: DestinationFacts, dietary: readonly string[]): boolean {
  if (dietary.length === 0) return true;
  const tables = facts.meals.filter((meal) => dietary.every((diet) => meal.dietaryOptions.some((o) => o === diet)));
  const serves = (time: string) => tables.some((meal) => meal.meals.some((t) => t === time));
  return tables.length >= MIN_DIET_TABLES && serves("lunch") && serves("dinner");
}

/**
 * A need the place doesn't serve as a whole is served venue by venue when, for a trip of
 * `days`, it has an accessible activity a day (at least four), accessible places for lunch
 * and for dinner where the need matters at a table (wheelchair, step-free), and an area to
 * stay in that serves it.
 */
function venuesServe(facts: DestinationFacts, need: string, days: number): boolean {
  const has = (list: readonly string[]) => list.includes(need);
  const activities = facts.activities.filter((a) => has(a.accessibility)).length;
  if (activities < Math.max(MIN_ACTIVITIES, days)) return false;
  if (need === "wheelchair" || need === "step-free") {
    const meals = facts.meals.filter((meal) => has(meal.accessibility));
    if (meals.length < 2) return false;
    if (!meals.some((meal) => meal.meals.includes("lunch")) || !meals.some((meal) => meal.meals.includes("dinner")))
      return false;
  }
  return facts.practical.stayAreas.some((s) => has(s.accessibility));
}

function ruleBreaks(facts: DestinationFacts, rule: HardNoRule, m: MemberView, months: number[] | null): boolean {
  switch (rule.kind) {
    case "term":
      return (
        facts.vibes.some((vibe) => rule.vibes.includes(vibe)) ||
        (rule.wholePlace && facts.keywords.some((k) => rule.keywords.includes(phraseKey(k))))
      );
    case "climate": {
      const breaks = (c: (typeof facts.climate)[number]) =>
        (rule.test.highBelowC === undefined || c.highC < rule.test.highBelowC) &&
        (rule.test.highAboveC === undefined || c.highC > rule.test.highAboveC) &&
        (rule.test.humidityAtLeast === undefined || (c.humidity ?? 0) >= rule.test.humidityAtLeast) &&
        (rule.test.rainyDaysAtLeast === undefined || c.rainyDays >= rule.test.rainyDaysAtLeast);
      if (months) {
        return months.some((mo) => {
          const climate = climateIn(facts, mo);
          return climate !== undefined && breaks(climate);
        });
      }
      return facts.climate.filter(breaks).length >= MONTHS_WITHOUT_DATES;
    }
    case "flight": {
      if (!m.homePlaced) return false; // nowhere to measure from: the member is asked for their home city
      const travel = travelBetween(m.home, facts);
      return travel.mode === "flight" && (rule.maxHours === 0 || travel.hours > rule.maxHours);
    }
    case "place":
      return rule.countries.includes(facts.countryCode);
    case "destination":
      return rule.names.includes(phraseKey(facts.name));
    case "abroad":
      return facts.countryCode !== m.home.countryCode;
    case "home-country":
      return facts.countryCode === m.home.countryCode;
  }
}

/** Why an activity (or a meal: food, named by `title`) breaks one member's constraint. */
export function activityBreaks(
  a: Pick<
    DestinationFacts["activities"][number],
    "accessibility" | "involvesFood" | "dietaryOptions" | "keywords" | "title"
  >,
  m: MemberView,
): string[] {
  const out: string[] = [];
  for (const need of m.prefs.accessibility) if (!a.accessibility.includes(need)) out.push(`not ${need} accessible`);
  if (a.involvesFood)
    for (const diet of m.prefs.dietary) if (!a.dietaryOptions.includes(diet)) out.push(`no ${diet} option`);
  const keywords = a.keywords.map(phraseKey);
  const words = wordsOf(a.title);
  for (const rule of m.rules) {
    if (rule.kind !== "term") continue;
    if (keywords.some((k) => rule.keywords.includes(k)) || rule.phrases.some((p) => containsPhrase(words, p)))
      out.push(rule.label);
  }
  // A hard no that names the place itself ("no Casa Milà (La Pedrera)").
  for (const text of m.prefs.hardNos) if (namesPlace(text, a.title)) out.push(`not ${a.title}`);
  return out;
}

/** The hard no's of one member a title names (what can be judged of the organizer's own item: it has no facts). */
export function titleBreaks(title: string, m: MemberView): string[] {
  const words = wordsOf(title);
  return [
    ...m.rules.flatMap((rule) =>
      rule.kind === "term" &&
      (rule.phrases.some((p) => containsPhrase(words, p)) || rule.keywords.some((k) => containsPhrase(words, k)))
        ? [rule.label]
        : [],
    ),
    ...m.prefs.hardNos.filter((text) => namesPlace(text, title)).map(() => `not ${title}`),
  ];
}

/**
 * Why an activity or meal is under a flag in force: it is the flagged item, or of a kind
 * the flag's words name (read with the hard-no lexicon, as hard no's are read).
 */
export function flagBreaks(
  a: { key: string; title: string; keywords: string[] },
  flags: { itemKey: string; kinds: Extract<HardNoRule, { kind: "term" }>[] }[],
): string[] {
  const keywords = a.keywords.map(phraseKey);
  const words = wordsOf(a.title);
  const out: string[] = [];
  for (const f of flags) {
    if (f.itemKey === a.key) out.push("a member flagged it");
    for (const rule of f.kinds) {
      if (keywords.some((k) => rule.keywords.includes(k)) || rule.phrases.some((p) => containsPhrase(words, p)))
        out.push(`a member's flag rules out ${rule.term}`);
    }
  }
  return [...new Set(out)];
}

export function monthsBetween(start: string, end: string): number[] {
  return [...new Set(everyDay(start, end).map((d) => Number(d.slice(5, 7))))];
}

export function memberPhrases(members: RawMember[]): string[] {
  const phrases = new Set<string>();
  for (const m of members) {
    const p = m.preferences;
    if (!p) continue;
    for (const text of [p.notes, ...p.hardNos, ...p.mustHaves]) {
      const words = normalise(text).split(" ").filter(Boolean);
      for (let i = 0; i + 6 <= words.length; i++) phrases.add(words.slice(i, i + 6).join(" "));
    }
  }
  return [...phrases];
}

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * What a budget label may say, judged from members' raw answers apart from the generator:
 * "compromise" exactly when someone goes over their own budget; otherwise never "consensus"
 * (inside everyone's budget) while a member with a hard cap has no confirmed home — their
 * travel can't be priced, so their cap can't be checked — and "unchecked" only then.
 */
export function budgetLabelBreak(
  mode: "consensus" | "compromise" | "unchecked",
  members: Pick<MemberView, "hardCap" | "homeKnown">[],
  stretched: number,
): string | null {
  if (stretched > 0) return mode === "compromise" ? null : `"${mode}" is wrong: someone goes over their own budget.`;
  if (mode === "compromise") return `"compromise" is wrong: nobody goes over their own budget.`;
  const unchecked = members.filter((m) => m.hardCap !== null && !m.homeKnown).length;
  if (unchecked > 0 && mode === "consensus")
    return `"inside everyone's budget" can't be claimed while ${unchecked === 1 ? "a member's hard cap" : `${unchecked} members' hard caps`} can't be checked (no confirmed home to price their travel from).`;
  if (unchecked === 0 && mode === "unchecked") return `"unchecked" is wrong: every hard cap can be checked.`;
  return null;
}
