import { type MemberConstraints, memberConstraints, type Tier } from "@/lib/constraints/member";
import type { DestinationFacts } from "@/lib/facts";
import { travelBetween } from "@/lib/facts/travel";
import { ACCESSIBILITY_LABELS, joinAnd } from "@/lib/format";
import { usualTier } from "@/lib/money/ledger";
import type { Place } from "@/lib/places/resolve";
import type { SearchSuggestion, Source } from "@/lib/schemas/catalog";
import { ACCESSIBILITY, type Accessibility, type MemberPreferences } from "@/lib/schemas/preferences";

/**
 * What a traveler needs before going, read from a destination's practical facts: where to
 * stay (the areas that fit the group's stays and access needs first), how to get from the
 * airport and around, the essentials (money, language, emergencies, safety, health, entry)
 * and where it all comes from. Plus one member's own flight search, from their own home.
 *
 * The group's needs come in aggregate (which stays and which access needs, never whose),
 * so a card or page can say "fits the group's mid-range stay" without naming anyone.
 */

/** The stays the group is priced at and the access needs anyone has, with nobody's name on them. */
export type GroupNeeds = { tiers: Tier[]; accessibility: Accessibility[] };

export const NO_NEEDS: GroupNeeds = { tiers: [], accessibility: [] };

export type StayArea = {
  area: string;
  why: string;
  /** "budget and mid-range" */
  stays: string;
  /** "step-free access and low vision"; null when the catalog lists none for the area. */
  access: string | null;
  /** How the area meets the group's needs; null without needs (the share page). */
  fit: { fits: boolean; note: string } | null;
};

export type TravelerEssentials = {
  destination: { name: string; country: string };
  stayAreas: StayArea[];
  gettingAround: {
    /** "Humberto Delgado Airport (Lisbon), LIS" */
    airport: string;
    airportCode: string;
    airportTransfer: string;
    localTransport: string[];
    passes: string[];
  };
  essentials: {
    /** "Euro (EUR)" */
    currency: string;
    languages: string;
    emergencyNumber: string;
    safety: string;
    health: string;
    /** We hold no passport data, so this says where to check rather than what the rules are. */
    entry: string;
  };
  sources: Source[];
  /** Researched facts: Google's search suggestions for the research they come from (shown beside them). */
  searchSuggestions: SearchSuggestion[];
};

const STAY_LABELS: Record<Tier, string> = { budget: "budget", midrange: "mid-range", premium: "premium" };
const TIER_ORDER: readonly Tier[] = ["budget", "midrange", "premium"];

/** The group's needs from everyone who answered: each member's own stay (or the group's usual one), every access need. */
export function groupNeedsOf(respondents: Pick<MemberConstraints, "accommodation" | "accessibility">[]): GroupNeeds {
  if (respondents.length === 0) return NO_NEEDS;
  const usual = usualTier(respondents);
  const tiers = new Set(respondents.map((m) => m.accommodation ?? usual));
  const accessibility = new Set(respondents.flatMap((m) => m.accessibility));
  return {
    tiers: TIER_ORDER.filter((t) => tiers.has(t)),
    accessibility: ACCESSIBILITY.filter((a) => accessibility.has(a)),
  };
}

export function travelerEssentials(
  facts: Pick<DestinationFacts, "name" | "country" | "practical" | "provenance">,
  needs: GroupNeeds,
): TravelerEssentials {
  const p = facts.practical;
  const judged = p.stayAreas.map((s, index) => {
    const missingAccess = needs.accessibility.filter((a) => !s.accessibility.includes(a));
    const missingTiers = needs.tiers.filter((t) => !s.tiers.includes(t));
    return { s, index, missingAccess, missingTiers };
  });
  // Access needs are hard constraints, the stay level a preference: unmet access sorts an area down first.
  judged.sort(
    (a, b) =>
      a.missingAccess.length - b.missingAccess.length ||
      a.missingTiers.length - b.missingTiers.length ||
      a.index - b.index,
  );
  return {
    destination: { name: facts.name, country: facts.country },
    stayAreas: judged.map(({ s, missingAccess, missingTiers }) => ({
      area: s.area,
      why: s.why,
      stays: joinAnd(TIER_ORDER.filter((t) => s.tiers.includes(t)).map((t) => STAY_LABELS[t])),
      access: s.accessibility.length ? joinAnd(s.accessibility.map((a) => ACCESSIBILITY_LABELS[a])) : null,
      fit: fitOf(needs, missingTiers, missingAccess),
    })),
    gettingAround: {
      airport: `${p.airport.name}, ${p.airport.code}`,
      airportCode: p.airport.code,
      airportTransfer: p.airportTransfer,
      localTransport: p.localTransport,
      passes: p.passes,
    },
    essentials: {
      currency: `${currencyName(p.currency)} (${p.currency})`,
      languages: joinAnd(p.languages),
      emergencyNumber: p.emergencyNumber,
      safety: p.safety,
      health: p.health,
      entry: `Check the entry rules for your passport before you book: visas and passport validity depend on where you're from, and we don't have that information. Your government's travel advice for ${countryInSentence(facts.country)} is a good place to start.`,
    },
    sources: p.sources,
    searchSuggestions: facts.provenance.searchSuggestions ?? [],
  };
}

/** "Fits the group's mid-range stay and step-free access needs." / "Fits the group's low vision needs; no budget stays listed." */
function fitOf(needs: GroupNeeds, missingTiers: Tier[], missingAccess: Accessibility[]): StayArea["fit"] {
  if (needs.tiers.length === 0 && needs.accessibility.length === 0) return null;
  const metTiers = needs.tiers.filter((t) => !missingTiers.includes(t));
  const metAccess = needs.accessibility.filter((a) => !missingAccess.includes(a));
  const good = [
    ...(metTiers.length ? [`${joinAnd(metTiers.map((t) => STAY_LABELS[t]))} stay`] : []),
    ...(metAccess.length ? [`${joinAnd(metAccess.map((a) => ACCESSIBILITY_LABELS[a]))} needs`] : []),
  ];
  const gaps = [
    ...(missingTiers.length ? [`no ${joinAnd(missingTiers.map((t) => STAY_LABELS[t]))} stays listed`] : []),
    ...(missingAccess.length ? [`${joinAnd(missingAccess.map((a) => ACCESSIBILITY_LABELS[a]))} not listed`] : []),
  ];
  const parts = [...(good.length ? [`fits the group's ${joinAnd(good)}`] : []), ...gaps].join("; ");
  return { fits: gaps.length === 0, note: `${parts.charAt(0).toUpperCase()}${parts.slice(1)}.` };
}

/** "the United States", "the United Kingdom", "Portugal". */
function countryInSentence(country: string): string {
  return /^(United |Netherlands$|Philippines$|Czech Republic$|Dominican Republic$|Bahamas$|Maldives$)/.test(country)
    ? `the ${country}`
    : country;
}

const currencyNames = new Intl.DisplayNames(["en"], { type: "currency" });
function currencyName(code: string): string {
  return currencyNames.of(code) ?? code;
}

/** One member's way to look up flights: never a fare or a booking, just a search from their own home. */
export type FlightSearch =
  | { kind: "add-origin"; preferencesHref: string }
  | { kind: "home" }
  /** `from`: the home the search starts from (the member's own, shown only to them). */
  | { kind: "ground"; km: number; from: string; url: string }
  | { kind: "flight"; from: string; url: string };

/**
 * A Google Flights search from the member's home to the destination's airport for the
 * trip's dates (left out while they aren't known). Their home as they typed it, or as we
 * placed it when we could (an unambiguous "Portland, Oregon, United States").
 */
export function flightSearchFor({
  origin,
  destination,
  airportCode,
  dates,
  preferencesHref,
}: {
  origin: Pick<MemberConstraints["origin"], "text" | "place" | "verified"> | null;
  destination: Pick<DestinationFacts, "name" | "coordinates" | "gettingThereUsd">;
  airportCode: string;
  dates: { start: string | null; end: string | null } | null;
  preferencesHref: string;
}): FlightSearch {
  const text = origin?.text?.trim();
  if (!origin || !text) return { kind: "add-origin", preferencesHref };
  const from = origin.verified && origin.place ? origin.place.label : text;
  const when = dates?.start && dates.end ? ` on ${dates.start} through ${dates.end}` : "";
  const url = `https://www.google.com/travel/flights?q=${encodeURIComponent(`Flights from ${from} to ${airportCode}${when}`)}`;
  // Only a place we found says how far it is; a home we couldn't place still gets the search.
  if (origin.place && origin.verified) {
    const travel = travelBetween(origin.place as Place, destination);
    if (travel.mode === "home") return { kind: "home" };
    if (travel.mode === "ground") return { kind: "ground", km: travel.km, from, url };
  }
  return { kind: "flight", from, url };
}

/**
 * A destination before going, as one member sees it: the group's needs in aggregate (from
 * everyone who answered, nobody named) and their own flight search, from their own answers.
 */
export function beforeYouGoFor({
  facts,
  members,
  viewer,
  tripId,
  dates,
}: {
  facts: DestinationFacts;
  members: { id: string; name: string; preferences: MemberPreferences | null }[];
  viewer: { memberId: string };
  tripId: string;
  dates: { start: string | null; end: string | null } | null;
}): { essentials: TravelerEssentials; flight: FlightSearch } {
  const needs = groupNeedsOf(
    members.flatMap((m) =>
      m.preferences ? [{ accommodation: m.preferences.accommodation, accessibility: m.preferences.accessibility }] : [],
    ),
  );
  const own = members.find((m) => m.id === viewer.memberId);
  const origin = own?.preferences ? memberConstraints({ ...own, preferences: own.preferences }).origin : null;
  return {
    essentials: travelerEssentials(facts, needs),
    flight: flightSearchFor({
      origin,
      destination: facts,
      airportCode: facts.practical.airport.code,
      dates,
      preferencesHref: `/trips/${tripId}/preferences`,
    }),
  };
}
