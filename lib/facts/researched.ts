import { createHash } from "node:crypto";
import { countries } from "countries-list";
import { screen } from "@/lib/agents/screening";
import { isTimeZone } from "@/lib/dates";
import { fareRegionOf } from "@/lib/facts/travel";
import { clipToSentences, MONTH_NAMES, plural } from "@/lib/format";
import { type Continent, fold, gazetteer } from "@/lib/places/gazetteer";
import { greatCircleKm } from "@/lib/places/geo";
import { openFor } from "@/lib/planning/clock";
import {
  CatalogActivity,
  CatalogMeal,
  DestinationFacts,
  type OriginRegion,
  type SearchSuggestion,
  type Source,
  type WorldRegion,
} from "@/lib/schemas/catalog";
import { SLOT_TIMES, SLOTS, type Slot } from "@/lib/schemas/itinerary";
import { VIBES } from "@/lib/schemas/preferences";
import type { ResearchedActivity, ResearchedMeal, ResearchedPlace } from "@/lib/schemas/researched";

/**
 * Researched facts for one place (lib/agents/place-research.ts): what the extraction calls
 * read out of grounded research, turned into `DestinationFacts` that keep only what a
 * source says. Pure. The rules:
 * - a fact whose source number doesn't resolve to one of `sources` is dropped, never guessed;
 *   an activity or meal without a source for the venue or for its price is dropped and named
 *   in `unverified` in words a card can show;
 * - activities and meals are extracted apart from the areas (at the same time), so their `area`
 *   is only a hint: an item is put in the kept area of exactly that name if there is one, else
 *   in the kept area nearest to its own coordinates (great-circle distance) if that is within
 *   AREA_REACH_KM; else it is dropped and named in `unverified`;
 * - an area farther than PLACE_REACH_KM from the place itself is dropped and named, before items
 *   are put in areas; research whose country code isn't the country the place was proposed in
 *   (`expectedCountry`, when the gazetteer knows it) gives no facts;
 * - a list item that doesn't fit the catalog's bounds (a tip, a transport line, a pass, a stay
 *   area, a language) is left out rather than failing the place; a summary over SUMMARY_MAX keeps
 *   its whole sentences that fit;
 * - only the climate of `months` and the fares from `regions` are kept;
 * - every kept text passes the risk guard's rules (`screen`); one that fails is dropped and
 *   named as withheld (never quoted); `missing` and `unverified` quote only values that passed
 *   it or were checked (a country code of two capitals, a gazetteer's country name);
 * - every line naming something dropped says it was left out (a card shows them without a prefix);
 * - the facts are null, with `missing` saying why, when what is left can't plan a trip.
 */

export type ResearchedFacts = { facts: DestinationFacts | null; unverified: string[]; missing: string[] };

export const MIN_AREAS = 3;
export const MIN_ACTIVITIES = 4;
/** An activity or meal farther than this from every kept area isn't in any of them. */
export const AREA_REACH_KM = 25;
/** An area farther than this from the place's own coordinates is about somewhere else. */
export const PLACE_REACH_KM = 100;
/** The longest summary DestinationFacts holds, and the shortest. */
export const SUMMARY_MAX = 400;
const SUMMARY_MIN = 40;

const KEYWORD = /^[a-z0-9][a-z0-9 -]*$/;

export function factsFromResearch({
  slug,
  place,
  sources,
  months,
  regions,
  suggestions,
  researchedAt,
  expectedCountry,
}: {
  slug: string;
  place: ResearchedPlace;
  sources: readonly Source[];
  months: readonly number[];
  regions: readonly OriginRegion[];
  /** Google's search suggestions for the grounded research, kept with the facts (shown wherever they are). */
  suggestions?: readonly SearchSuggestion[];
  /** When the research was looked up (ISO). */
  researchedAt?: string;
  /** The country the place was proposed in ("Portugal"); research about another country gives no facts. */
  expectedCountry?: string;
}): ResearchedFacts {
  const unverified: string[] = [];
  const missing: string[] = [];
  /** The source a fact's number names (1-based), or undefined when there is none. */
  const sourceOf = (n: number | undefined): Source | undefined =>
    n !== undefined && Number.isInteger(n) && n >= 1 && n <= sources.length ? sources[n - 1] : undefined;
  const cited = new Set<Source>();
  const cite = (n: number): Source | undefined => {
    const s = sourceOf(n);
    if (s) cited.add(s);
    return s;
  };
  const passes = (text: string) => screen(text) === null;

  // ── the place itself ──
  const countryCode = place.countryCode.trim().toUpperCase();
  // Quoted only when it has the shape of a code: the model's raw text is never quoted.
  const codeShaped = /^[A-Z]{2}$/.test(countryCode);
  const country = codeShaped ? countries[countryCode as keyof typeof countries] : undefined;
  if (!country) {
    missing.push(codeShaped ? `"${countryCode}" isn't a country code we know` : "the country code isn't one we know");
  }
  const { countriesByName, countriesByCode } = gazetteer();
  // Both named by the gazetteer's own name for the country, never as research wrote it.
  const named = countriesByName.get(fold(place.country));
  if (named && named.code !== countryCode) {
    missing.push(
      codeShaped
        ? `the country code ${countryCode} doesn't match ${named.name} (${named.code})`
        : `the country code doesn't match ${named.name} (${named.code})`,
    );
  }
  const expected = expectedCountry === undefined ? undefined : countriesByName.get(fold(expectedCountry));
  if (expected && expected.code !== countryCode) {
    const about = countriesByCode.get(countryCode)?.name ?? "another country";
    missing.push(`the research is about ${about}, not ${expected.name}`);
  }
  const basics = cite(place.source);
  if (!basics) missing.push("no source says what the place is");
  const summary = passes(place.summary) ? clipToSentences(place.summary.trim(), SUMMARY_MAX) : "";
  if (!passes(place.summary)) missing.push("its summary was withheld by the risk guard");
  else if (!summary) missing.push(`its summary has no sentence end within ${SUMMARY_MAX} characters`);
  else if (summary.length < SUMMARY_MIN) missing.push("its summary is too short");
  const nameShown = [place.name, place.country, place.timezone].every(passes);
  if (!nameShown) missing.push("its name was withheld by the risk guard");
  else if (!isTimeZone(place.timezone.trim())) missing.push("its time zone isn't one we know");
  const placeName = passes(place.name) && place.name.trim() ? place.name.trim() : "the place";
  const vibes = [...new Set(place.vibes)].filter((v) => VIBES.includes(v));
  if (vibes.length < 2) missing.push(`research gives ${plural(vibes.length, "vibe")} for it (2 needed)`);
  const keywords = (words: string[]) =>
    [...new Set(words.map((k) => k.trim().toLowerCase()))].filter((k) => KEYWORD.test(k) && passes(k));

  // ── money, fares, climate ──
  const daily = cite(place.dailyCostUsd.source) ? place.dailyCostUsd : null;
  if (!daily) missing.push("no source gives daily costs");
  const gettingThereUsd: Partial<Record<OriginRegion, number>> = {};
  for (const fare of place.fares) {
    if (!regions.includes(fare.originRegion) || fare.originRegion in gettingThereUsd || !cite(fare.source)) continue;
    gettingThereUsd[fare.originRegion] = Math.round(fare.usd);
  }
  for (const region of regions) if (!(region in gettingThereUsd)) missing.push(`no sourced fare from ${region}`);
  const climate = months
    .map((month) => place.climate.find((c) => c.month === month && cite(c.source)))
    .filter((c) => c !== undefined)
    .map(({ month, highC, lowC, rainyDays, humidity }) => ({
      month,
      highC,
      lowC,
      rainyDays: Math.round(rainyDays),
      humidity: Math.round(humidity),
    }))
    .sort((a, b) => a.month - b.month);
  for (const month of months) {
    if (!climate.some((c) => c.month === month)) missing.push(`no sourced climate for ${MONTH_NAMES[month - 1]}`);
  }

  // ── areas, activities, meals ──
  const areas: ResearchedPlace["areas"] = [];
  for (const a of place.areas) {
    const name = a.name.trim();
    const description = a.description.trim();
    if (!passes(a.name) || !passes(a.description) || !sourceOf(a.source)) continue;
    if (!fits(name, 2, Infinity) || !fits(description, 10, 300)) continue;
    if (greatCircleKm(a.coordinates, place.coordinates) > PLACE_REACH_KM) {
      unverified.push(`${name}: it is far from ${placeName}, so it was left out`);
      continue;
    }
    cite(a.source);
    areas.push({ name, description, coordinates: a.coordinates, source: a.source });
  }
  const areaNames = new Set(areas.map((a) => a.name));
  const areaOf = (item: ResearchedActivity | ResearchedMeal) => placedIn(item, areas);
  const ids = new Set<string>();
  const idFor = (title: string) => {
    const base = slugify(title) || "item";
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    return id;
  };

  const activities: CatalogActivity[] = [];
  for (const a of place.activities) {
    const kept = keptItem(a, a.title, [a.title, a.description, ...a.tips], "An activity", sourceOf, areaOf, unverified);
    if (!kept) continue;
    const parsed = CatalogActivity.safeParse({
      id: slugify(a.title) || "activity",
      title: a.title.trim(),
      description: a.description.trim(),
      area: kept.area,
      costUsd: Math.round(a.costUsd),
      durationHours: a.durationHours,
      bestTime: a.bestTime,
      vibes: a.vibes,
      involvesFood: a.involvesFood,
      dietaryOptions: a.dietaryOptions,
      accessibility: a.accessibility,
      strenuousness: a.strenuousness,
      keywords: keywords(a.keywords),
      coordinates: a.coordinates,
      hours: a.hours,
      tips: a.tips
        .map((t) => t.trim())
        .filter((t) => fits(t, 10, 200))
        .slice(0, 3),
      source: kept.source,
    });
    if (!parsed.success) {
      unverified.push(`${a.title.trim()}: its details don't hold together, so it was left out`);
      continue;
    }
    // A venue closed in the part of the day research put it in is moved to when it is open, and the card says so.
    const slot = slotWhenOpen(parsed.data);
    if (slot === null) {
      unverified.push(`${parsed.data.title}: it isn't open at a time a day has room for it, so it was left out`);
      continue;
    }
    if (slot !== parsed.data.bestTime) {
      unverified.push(
        `${parsed.data.title}: research put it in the ${parsed.data.bestTime}, when it is closed (open ${parsed.data.hours?.open}–${parsed.data.hours?.close}), so it is planned for the ${slot}`,
      );
    }
    cite(a.source);
    cite(a.costSource);
    activities.push({ ...parsed.data, bestTime: slot, id: idFor(a.title) });
  }

  const meals: CatalogMeal[] = [];
  for (const m of place.meals) {
    const kept = keptItem(
      m,
      m.name,
      [m.name, m.description, m.cuisine],
      "A place to eat",
      sourceOf,
      areaOf,
      unverified,
    );
    if (!kept) continue;
    const parsed = CatalogMeal.safeParse({
      id: slugify(m.name) || "meal",
      name: m.name.trim(),
      description: m.description.trim(),
      area: kept.area,
      coordinates: m.coordinates,
      meals: m.meals,
      cuisine: m.cuisine.trim(),
      costUsd: Math.round(m.costUsd),
      dietaryOptions: m.dietaryOptions,
      accessibility: m.accessibility,
      keywords: keywords(m.keywords),
      hours: m.hours,
      source: kept.source,
    });
    if (!parsed.success) {
      unverified.push(`${m.name.trim()}: its details don't hold together, so it was left out`);
      continue;
    }
    cite(m.source);
    cite(m.costSource);
    meals.push({ ...parsed.data, id: idFor(m.name) });
  }
  if (areas.length < MIN_AREAS) missing.push(`only ${plural(areas.length, "sourced area")} (${MIN_AREAS} needed)`);
  if (activities.length < MIN_ACTIVITIES) {
    missing.push(
      `only ${plural(activities.length, "sourced activity", "sourced activities")} (${MIN_ACTIVITIES} needed)`,
    );
  }

  // ── practical information ──
  const p = place.practical;
  const practicalSources = new Set<Source>();
  const sourced = <T extends { source: number }>(fact: T, what: string, texts: string[] = []): T | null => {
    const s = sourceOf(fact.source);
    if (!s) {
      missing.push(`no source gives the ${what}`);
      return null;
    }
    if (!texts.every(passes)) {
      unverified.push(`The ${what} was withheld by the risk guard and left out`);
      missing.push(`the ${what} was withheld`);
      return null;
    }
    cited.add(s);
    practicalSources.add(s);
    return fact;
  };
  const sourcedList = <T extends { source: number }>(list: T[], texts: (t: T) => string[]): T[] =>
    list.filter((t) => {
      const s = sourceOf(t.source);
      if (!s || !texts(t).every(passes)) return false;
      cited.add(s);
      practicalSources.add(s);
      return true;
    });
  const currency = sourced(p.currency, "currency");
  const languages = sourced(p.languages, "languages", p.languages.names);
  const languageNames = [...new Set((languages?.names ?? []).map((l) => l.trim()).filter((l) => fits(l, 2, Infinity)))];
  if (languages && languageNames.length === 0) missing.push("none of the languages research names can be shown");
  const emergency = sourced(p.emergencyNumber, "emergency number");
  const airport = sourced(p.airport, "airport", [p.airport.name]);
  const transfer = sourced(p.airportTransfer, "airport transfer", [p.airportTransfer.text]);
  const safety = sourced(p.safety, "safety advice", [p.safety.text]);
  const health = sourced(p.health, "health advice", [p.health.text]);
  // Each list keeps the items that fit the catalog's bounds (PracticalInfo), up to its most;
  // one that doesn't fit is left out (and cites nothing) rather than failing the place.
  const lines = (list: { text: string; source: number }[], most: number) =>
    sourcedList(
      list.filter((t) => fits(t.text.trim(), 10, 200)),
      (t) => [t.text],
    )
      .slice(0, most)
      .map((t) => t.text.trim());
  const localTransport = lines(p.localTransport, 4);
  if (localTransport.length === 0) missing.push("no source describes local transport");
  const passesList = lines(p.passes, 3);
  const stayAreas = sourcedList(
    p.stayAreas.filter((s) => fits(s.why.trim(), 20, 250) && s.tiers.length > 0 && areaNames.has(s.area.trim())),
    (s) => [s.why],
  ).slice(0, 3);
  if (stayAreas.length < 2) missing.push(`only ${plural(stayAreas.length, "sourced area")} to stay in (2 needed)`);
  const tips = place.tips
    .filter((t) => fits(t.text.trim(), 10, 300) && passes(t.text) && cite(t.source))
    .map((t) => t.text.trim());
  if (tips.length === 0) missing.push("no sourced tips");

  // Each of these, when missing, said why in `missing`; the rest of the test is for the types.
  if (
    missing.length > 0 ||
    !country ||
    !daily ||
    !currency ||
    !emergency ||
    !airport ||
    !transfer ||
    !safety ||
    !health
  ) {
    return { facts: null, unverified, missing: missing.length ? missing : ["the research is incomplete"] };
  }

  const continent = country.continent as Continent;
  const facts = {
    slug,
    name: place.name.trim(),
    country: place.country.trim(),
    countryCode,
    region: worldRegionOf(countryCode, continent, place.coordinates.lon),
    coordinates: place.coordinates,
    timezone: place.timezone.trim(),
    summary,
    vibes,
    dailyCostUsd: {
      budget: Math.round(daily.budget),
      midrange: Math.round(daily.midrange),
      premium: Math.round(daily.premium),
    },
    gettingThereUsd,
    climate,
    areas: areas.map(({ name, description, coordinates }) => ({ name, description, coordinates })),
    accessibility: [...new Set(place.accessibility)],
    dietary: [...new Set(place.dietary)],
    keywords: keywords(place.keywords),
    activities,
    meals,
    practical: {
      currency: currency.code.trim().toUpperCase(),
      languages: languageNames,
      emergencyNumber: emergency.number.trim(),
      airport: { code: airport.code.trim().toUpperCase(), name: airport.name.trim() },
      airportTransfer: transfer.text.trim(),
      localTransport,
      passes: passesList,
      safety: safety.text.trim(),
      health: health.text.trim(),
      stayAreas: stayAreas.map(({ area, why, tiers, accessibility }) => ({
        area: area.trim(),
        why: why.trim(),
        tiers,
        accessibility,
      })),
      sources: sources.filter((s) => practicalSources.has(s)),
    },
    tips,
    // The sources the kept facts cite, in the research's order.
    sources: sources.filter((s) => cited.has(s)),
    continent,
  };
  const searchSuggestions = (suggestions ?? [])
    .filter((s) => fits(s.label, 1, 120) && screen(s.label) === null)
    .slice(0, 8);
  const grounded = { searchSuggestions, ...(researchedAt ? { researchedAt } : {}) };
  const version = `research-${createHash("sha256")
    .update(canonicalJson({ ...facts, ...grounded }))
    .digest("hex")
    .slice(0, 12)}`;
  const parsed = DestinationFacts.safeParse({ ...facts, provenance: { kind: "research", version, ...grounded } });
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "facts"}: ${i.message}`);
    return { facts: null, unverified, missing: [`the researched facts don't hold together (${issues.join("; ")})`] };
  }
  return { facts: parsed.data, unverified, missing };
}

/**
 * The source of an activity or meal's venue and the area it is in, when both the venue and its
 * price have a source, it is in or near a sourced area and its words pass the risk guard;
 * otherwise why not, in `unverified`.
 */
function keptItem(
  item: ResearchedActivity | ResearchedMeal,
  title: string,
  texts: string[],
  kind: string,
  sourceOf: (n: number) => Source | undefined,
  areaOf: (item: ResearchedActivity | ResearchedMeal) => string | null,
  unverified: string[],
): { source: Source; area: string } | null {
  if (!texts.every((t) => screen(t) === null)) {
    // Never quoted: the name itself may be what the guard withheld.
    unverified.push(
      screen(title) === null
        ? `${title.trim()}: withheld, its description read like instructions or unsafe text, so it was left out`
        : `${kind} was withheld and left out: its words read like instructions or unsafe text`,
    );
    return null;
  }
  const venue = sourceOf(item.source);
  if (!venue) {
    unverified.push(`${title.trim()}: no source says this place exists, so it was left out`);
    return null;
  }
  if (!sourceOf(item.costSource)) {
    unverified.push(`${title.trim()}: its price has no source, so it was left out`);
    return null;
  }
  const area = areaOf(item);
  if (area === null) {
    unverified.push(`${title.trim()}: it isn't near any of the areas research describes, so it was left out`);
    return null;
  }
  return { source: venue, area };
}

/**
 * The kept area an activity or meal is in: the one with exactly its `area`'s name, else the one
 * nearest its coordinates when that is within AREA_REACH_KM, else null.
 */
export function placedIn(
  item: Pick<ResearchedActivity, "area" | "coordinates">,
  areas: readonly { name: string; coordinates: { lat: number; lon: number } }[],
): string | null {
  const named = areas.find((a) => a.name === item.area.trim());
  if (named) return named.name;
  let nearest: { name: string; km: number } | null = null;
  for (const a of areas) {
    const km = greatCircleKm(item.coordinates, a.coordinates);
    if (Number.isFinite(km) && (nearest === null || km < nearest.km)) nearest = { name: a.name, km };
  }
  return nearest && nearest.km <= AREA_REACH_KM ? nearest.name : null;
}

/** Whether a text's length is within a schema's bounds. */
function fits(text: string, min: number, max: number): boolean {
  return text.length >= min && text.length <= max;
}

/** "Whale watching from Ponta Delgada" → "whale-watching-from-ponta-delgada". */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** JSON with object keys sorted, so the same facts always hash to the same version. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The catalog's world region for a country: its fare region, with the US and Canada as North America. */
function worldRegionOf(countryCode: string, continent: Continent, lon: number): WorldRegion {
  const region = fareRegionOf({ countryCode, continent, lon });
  return region === "us-east" || region === "us-central" || region === "us-west" || region === "canada"
    ? "north-america"
    : region;
}

/**
 * The part of the day the activity can be in: its own `bestTime` when the venue is open
 * then (at the slot's start, or at opening time within the slot), else the first slot it
 * is open in, else null. Judged on the venue's regular week (no date yet).
 */
function slotWhenOpen(
  a: Pick<CatalogActivity, "bestTime" | "hours" | "durationHours">,
): CatalogActivity["bestTime"] | null {
  const openIn = (slot: Slot) => {
    const { start, end } = SLOT_TIMES[slot];
    const from = a.hours && a.hours.open > start && a.hours.open < end ? a.hours.open : start;
    return openFor(a.hours, null, from, Math.min(a.durationHours, 3));
  };
  if (a.bestTime === "any") return SLOTS.some(openIn) ? "any" : null;
  if (openIn(a.bestTime)) return a.bestTime;
  return SLOTS.find(openIn) ?? null;
}
