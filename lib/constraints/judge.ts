import { type ClimateTest, type HardNoRule, namesPlace } from "@/lib/constraints/hard-nos";
import { type MemberConstraints, rulesOf } from "@/lib/constraints/member";
import { containsPhrase, phraseKey, wordsOf } from "@/lib/constraints/text";
import { climateIn, type DestinationFacts } from "@/lib/facts";
import { travelBetween } from "@/lib/facts/travel";
import { joinAnd, plural } from "@/lib/format";
import type { CatalogActivity, CatalogMeal } from "@/lib/schemas/catalog";
import type { Accessibility, Dietary } from "@/lib/schemas/preferences";

/**
 * The planner's judgement of hard constraints, member by member: does this destination,
 * activity or meal break something a member said is non-negotiable (a diet, an access
 * need, a hard no, a flight they won't take from their own home, weather in the travel
 * month, a place or scope)? Every breach names the member and the rule, so an exclusion
 * can always say whose constraint it protects.
 */

export type BreachRule = "diet" | "access" | "hard-no" | "flight" | "climate" | "place" | "scope" | "hard-cap";
export type Breach = { memberId: string; rule: BreachRule; detail: string };

export type TravelContext = {
  /** Months the trip touches (1–12); null when the dates are not known yet. */
  months: number[] | null;
  /** Members' own scope answers apply (false when the group is split on it: then nobody's side is forced). */
  scopeApplies: boolean;
  /** The organizer decided the scope: it applies to every member instead of their own answer. */
  decidedScope?: "domestic" | "international" | null;
  /** Days of the trip: an access need the place doesn't serve as a whole needs this many accessible venues. */
  days?: number;
};

/**
 * Allergies are safety needs, judged at the table: only the places to eat that confirm them
 * count, never a city-wide claim. The other diets need a destination that says it serves
 * them (the catalog backs that claim with enough places to eat: lib/catalog/completeness.ts).
 */
const ALLERGIES: ReadonlySet<string> = new Set(["nut-allergy", "shellfish-allergy"]);
export const allergiesOf = (dietary: readonly Dietary[]): Dietary[] => dietary.filter((x) => ALLERGIES.has(x));
/** Without dates, weather breaks a rule only when it holds for at least this many months of the year. */
export const MONTHS_WITHOUT_DATES = 6;

export function destinationBreaches(d: DestinationFacts, members: MemberConstraints[], ctx: TravelContext): Breach[] {
  const breaches: Breach[] = [];
  for (const m of members) {
    const add = (rule: BreachRule, detail: string) => breaches.push({ memberId: m.memberId, rule, detail });
    const diets = m.dietary.filter((x) => !ALLERGIES.has(x) && !d.dietary.includes(x));
    if (diets.length) add("diet", `${diets.join(", ")} options are hard to find`);
    else {
      const short = placesToEatShort(d, allergiesOf(m.dietary));
      if (short) add("diet", short);
    }
    const access = m.accessibility.filter((x) => !servesAccess(d, x, ctx.days ?? 1));
    if (access.length) add("access", `not ${access.join(", ")} friendly`);
    // Their own country, when their home says which (a wish nobody can place isn't guessed at).
    const home = m.country?.code ?? null;
    const scope = ctx.decidedScope ?? (ctx.scopeApplies ? m.scope : "either");
    if (home && scope === "domestic" && d.countryCode !== home) add("scope", "outside their own country");
    if (home && scope === "international" && d.countryCode === home) add("scope", "in their own country");
    for (const rule of rulesOf(m)) {
      const why = destinationBreaksRule(d, rule, m, ctx);
      if (why)
        add(
          rule.kind === "flight"
            ? "flight"
            : rule.kind === "climate"
              ? "climate"
              : rule.kind === "term"
                ? "hard-no"
                : "place",
          why,
        );
    }
  }
  return breaches;
}

/**
 * Places to eat a need asks for (a member's diets, an access need at the table): at least
 * two, so every lunch and dinner has a choice and one closed day doesn't leave the member
 * without a meal, and between them open for lunch and for dinner.
 */
export const MIN_PLACES_TO_EAT = 2;

/** Whether these places to eat are enough for a trip's lunches and dinners (see MIN_PLACES_TO_EAT). */
export function enoughPlacesToEat(meals: readonly Pick<CatalogMeal, "meals">[]): boolean {
  return (
    meals.length >= MIN_PLACES_TO_EAT &&
    meals.some((m) => m.meals.includes("lunch")) &&
    meals.some((m) => m.meals.includes("dinner"))
  );
}

/**
 * Why a member's allergies can't be met at the table here, or null when they can: their
 * lunches and dinners need enough places to eat that each confirm every one of them (nut
 * and shellfish allergies: places that confirm both), judged venue by venue from the
 * meals' own dietary options. An allergy a city lists as a whole counts for nothing here.
 */
export function placesToEatShort(d: Pick<DestinationFacts, "meals">, dietary: readonly Dietary[]): string | null {
  if (dietary.length === 0) return null;
  const serving = d.meals.filter((meal) => dietary.every((x) => meal.dietaryOptions.includes(x)));
  if (enoughPlacesToEat(serving)) return null;
  const option = `a ${joinAnd(dietary)} option`;
  if (serving.length === 0) return `no place to eat we know confirms ${option}`;
  if (serving.length < MIN_PLACES_TO_EAT)
    return `only ${plural(serving.length, "place")} to eat confirms ${option} (a choice needs ${MIN_PLACES_TO_EAT})`;
  const missing = (["lunch", "dinner"] as const).filter((t) => !serving.some((meal) => meal.meals.includes(t)));
  return `no place to eat we know confirms ${option} for ${joinAnd(missing)}`;
}

/** Members as a place to eat sees them: of access needs only those at the table (TABLE_NEEDS) count. */
export function atTable(members: MemberConstraints[]): MemberConstraints[] {
  return members.map((m) => ({ ...m, accessibility: m.accessibility.filter((x) => TABLE_NEEDS.includes(x)) }));
}

/** Activities a place needs for an access need it doesn't serve as a whole: one a day, never fewer than four. */
export const MIN_ACCESSIBLE_ACTIVITIES = 4;
/** Needs that matter at a table (seated meals suit limited walking, and nothing there depends on sight or hearing). */
export const TABLE_NEEDS: readonly Accessibility[] = ["wheelchair", "step-free"];

/**
 * Whether a place can serve an access need for a trip of `days`: as a whole (transport,
 * lodging and main sights), or venue by venue — enough accessible activities for the days
 * (one a day, at least four), an accessible place for lunch and one for dinner when the need
 * matters at a table, and a stay area that serves it. A wheelchair user can go to Rome when
 * there is enough to do step-free and a flat area to stay in, though the city as a whole isn't.
 */
export function servesAccess(d: AccessFacts, need: Accessibility, days: number): boolean {
  if (d.accessibility.includes(need)) return true;
  return accessByVenue(d, need, days).enough;
}

type AccessFacts = Pick<DestinationFacts, "accessibility" | "activities" | "meals" | "practical">;

/** How far the venues serve one need: accessible activities and meals of all, and the stay areas that serve it. */
export function accessByVenue(
  d: AccessFacts,
  need: Accessibility,
  days: number,
): {
  activities: { accessible: number; total: number };
  meals: { accessible: number; total: number } | null;
  stayAreas: string[];
  enough: boolean;
} {
  const activities = d.activities.filter((a) => a.accessibility.includes(need)).length;
  const atTable = TABLE_NEEDS.includes(need);
  const meals = d.meals.filter((m) => m.accessibility.includes(need));
  const mealsOk = !atTable || enoughPlacesToEat(meals);
  const stayAreas = d.practical.stayAreas.filter((s) => s.accessibility.includes(need)).map((s) => s.area);
  return {
    activities: { accessible: activities, total: d.activities.length },
    meals: atTable ? { accessible: meals.length, total: d.meals.length } : null,
    stayAreas,
    enough: activities >= Math.max(MIN_ACCESSIBLE_ACTIVITIES, days) && mealsOk && stayAreas.length > 0,
  };
}

function destinationBreaksRule(
  d: DestinationFacts,
  rule: HardNoRule,
  member: MemberConstraints,
  ctx: TravelContext,
): string | null {
  switch (rule.kind) {
    case "term": {
      if (rule.vibes.some((v) => d.vibes.includes(v))) return rule.label;
      if (rule.wholePlace && d.keywords.some((k) => rule.keywords.includes(phraseKey(k)))) return rule.label;
      return null;
    }
    case "climate": {
      if (ctx.months) {
        // A month the facts have no normals for breaks nothing we can show.
        const month = ctx.months.find((mo) => {
          const climate = climateIn(d, mo);
          return climate !== undefined && climateBreaks(climate, rule.test);
        });
        return month ? rule.label : null;
      }
      const months = d.climate.filter((c) => climateBreaks(c, rule.test)).length;
      return months >= MONTHS_WITHOUT_DATES ? `${rule.label}: true ${months} months of the year` : null;
    }
    case "flight": {
      if (!member.origin.place) return null;
      const travel = travelBetween(member.origin.place, d);
      if (rule.maxHours === 0) return travel.mode === "flight" ? rule.label : null;
      return travel.mode === "flight" && travel.hours > rule.maxHours
        ? `${rule.label}: about ${travel.hours} hours`
        : null;
    }
    case "place":
      return rule.countries.includes(d.countryCode) ? rule.label : null;
    case "destination":
      return rule.names.includes(phraseKey(d.name)) ? rule.label : null;
    case "abroad":
      return d.countryCode !== (member.origin.place?.countryCode ?? "US") ? rule.label : null;
    case "home-country":
      return d.countryCode === (member.origin.place?.countryCode ?? "US") ? rule.label : null;
  }
}

export function climateBreaks(
  month: { highC: number; rainyDays: number; humidity?: number },
  test: ClimateTest,
): boolean {
  if (test.highBelowC !== undefined && !(month.highC < test.highBelowC)) return false;
  if (test.highAboveC !== undefined && !(month.highC > test.highAboveC)) return false;
  if (test.humidityAtLeast !== undefined && !((month.humidity ?? 0) >= test.humidityAtLeast)) return false;
  if (test.rainyDaysAtLeast !== undefined && !(month.rainyDays >= test.rainyDaysAtLeast)) return false;
  return true;
}

type Item = Pick<CatalogActivity, "keywords" | "accessibility" | "dietaryOptions"> & {
  title?: string;
  name?: string;
  involvesFood?: boolean;
};

/** Why an activity or meal breaks a member's constraint (empty = it suits everyone). */
export function itemBreaches(item: Item, members: MemberConstraints[]): Breach[] {
  const breaches: Breach[] = [];
  const isFood = item.involvesFood ?? true; // meals are food
  const { keywords, words } = itemText(item);
  for (const m of members) {
    const access = m.accessibility.filter((x) => !item.accessibility.includes(x));
    if (access.length)
      breaches.push({ memberId: m.memberId, rule: "access", detail: `not ${access.join(", ")} accessible` });
    if (isFood) {
      const diets = m.dietary.filter((x) => !item.dietaryOptions.includes(x));
      if (diets.length) breaches.push({ memberId: m.memberId, rule: "diet", detail: `no ${diets.join(", ")} option` });
    }
    for (const h of m.hardNos) {
      for (const rule of h.rules) {
        if (rule.kind !== "term") continue;
        if (rule.keywords.some((k) => keywords.has(k)) || rule.phrases.some((p) => containsPhrase(words, p))) {
          breaches.push({ memberId: m.memberId, rule: "hard-no", detail: rule.label });
        }
      }
      // "no Casa Milà (La Pedrera)": a hard no that names this very place.
      if (namesPlace(h.text, item.title ?? item.name ?? "")) {
        breaches.push({ memberId: m.memberId, rule: "hard-no", detail: `not ${item.title ?? item.name}` });
      }
    }
  }
  return breaches;
}

/** Whether an activity or meal is of the kind a term rule names (its keywords, or its name's words). */
export function termMatches(
  rule: Extract<HardNoRule, { kind: "term" }>,
  item: Pick<Item, "keywords" | "title" | "name">,
): boolean {
  const { keywords, words } = itemText(item);
  return rule.keywords.some((k) => keywords.has(k)) || rule.phrases.some((p) => containsPhrase(words, p));
}

export function suitsEveryone(item: Item, members: MemberConstraints[]): boolean {
  return itemBreaches(item, members).length === 0;
}

/**
 * An item's keywords and title words, normalised once per item: the same catalog
 * activities are judged for every member, destination and stage of a run.
 */
function itemText(item: Pick<Item, "keywords" | "title" | "name">): {
  keywords: ReadonlySet<string>;
  words: readonly string[];
} {
  const known = ITEM_TEXT.get(item);
  if (known && known.from === item.keywords && known.title === (item.title ?? item.name ?? "")) return known;
  const title = item.title ?? item.name ?? "";
  const text = { from: item.keywords, title, keywords: new Set(item.keywords.map(phraseKey)), words: wordsOf(title) };
  ITEM_TEXT.set(item, text);
  return text;
}
const ITEM_TEXT = new WeakMap<
  object,
  { from: readonly string[]; title: string; keywords: ReadonlySet<string>; words: readonly string[] }
>();
