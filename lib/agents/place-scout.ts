import { suggestionsOf } from "@/lib/agents/candidate-generator";
import { defineAgent } from "@/lib/agents/define-agent";
import { type ResearchedPlaceResult, researchPlace } from "@/lib/agents/place-research";
import { lookup } from "@/lib/agents/retry";
import { screen } from "@/lib/agents/screening";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { respondentConstraints } from "@/lib/constraints/member";
import { wordsOf } from "@/lib/constraints/text";
import { allFacts, type DestinationFacts } from "@/lib/facts";
import { slugify } from "@/lib/facts/researched";
import { fareRegionOf, UNKNOWN_HOME } from "@/lib/facts/travel";
import { MONTH_NAMES, plural } from "@/lib/format";
import { matchDestination } from "@/lib/places/destination-match";
import { fold, gazetteer } from "@/lib/places/gazetteer";
import { greatCircleKm } from "@/lib/places/geo";
import { monthsOf, shapeFor, tripFrame } from "@/lib/planning/trip-shape";
import { ScoutPicks } from "@/lib/schemas/agent-io";
import type { OriginRegion } from "@/lib/schemas/catalog";
import type { PipelineState, PlaceProposal } from "@/lib/schemas/pipeline";

/**
 * Places beyond the catalog, on Gemini (the offline model proposes from the catalog only).
 * The scout proposes up to `MAX_WORLD_PLACES` places for this group that the catalog
 * doesn't have: first what members suggested that the catalog doesn't know, then the
 * model's own ideas. Each is then researched on its own (`placeResearcher`: grounded
 * search, then an extraction in which every fact names its source) and, if enough sourced
 * facts are left to plan from, judged by every member's hard constraints like any catalog
 * place. Research needs the travel months and where members fly from: without a date
 * window there is nothing to scout for.
 */

/** How many times a place's research is tried before the run goes on without it. */
const PLACE_ATTEMPTS = 2;

/** Research is the expensive part: at most this many places are researched per run. */
export const MAX_WORLD_PLACES = 3;

export const placeScout = defineAgent({
  name: "Place scout",
  reads: ["tripContext", "groupProfile", "rawPreferences"],
  writes: ["proposals"],
  async run({ tripContext, groupProfile, rawPreferences }, ctx) {
    const trip = scoutTrip(groupProfile, rawPreferences, tripContext.today);
    if (!trip) {
      return {
        patch: { proposals: [] },
        inputSummary: "no travel dates yet",
        keyEvidence: [],
        outputSummary: "Nothing to research beyond the catalog until the group has dates",
      };
    }
    // What members suggested that the catalog doesn't know comes first (text the guard let through).
    const unmatched = suggestionsOf(rawPreferences).filter((s) => s.slug === null);
    const known = allFacts().map((d) => d.name);
    const mustHaves = groupProfile.constraints.mustHaves.map((m) => m.value);
    // The scout is an extra: when it keeps failing, the run goes on with the catalog.
    const scouted = await lookup(ctx, () =>
      generateStructured({
        models: ctx.models,
        role: "planner",
        meter: ctx.meter,
        schema: ScoutPicks,
        system: SYSTEM.scout,
        prompt: [
          `Propose up to ${MAX_WORLD_PLACES} places for this group that are not among the places we already know.`,
          `Group likes: ${groupProfile.vibes.popular.join(", ") || "no shared vibe"}. Travel: ${trip.months
            .map((m) => MONTH_NAMES[m - 1])
            .join(" and ")}, ${trip.days} days. Members fly from: ${trip.regions.join(", ")}.`,
          mustHaves.length ? `Must-haves:\n${mustHaves.map((m) => `- ${memberText(m)}`).join("\n")}` : "",
          unmatched.length
            ? `Members suggested these; propose each one that is a real place first:\n${unmatched.map((s) => `- ${memberText(s.text)}`).join("\n")}`
            : "",
          `Places we already know (don't propose these): ${known.join(", ")}.`,
        ]
          .filter(Boolean)
          .join("\n"),
        offline: { task: "scout", input: {} },
        check: (o) =>
          o.places
            .filter((p) => matchDestination(p.name) !== null)
            .map((p) => `"${p.name}" is a place we already know; propose another.`),
      }),
    );
    // What the model proposed, as it reaches a log line or a progress row: screened like web text.
    const picks = (scouted.value?.unresolved.length === 0 ? scouted.value.output.places : []).filter((p) =>
      [p.name, p.country, p.why].every((text) => screen(text) === null),
    );
    // A place someone's hard no names (the catalog's are judged by name; these aren't known yet) is not researched.
    const saidNo = hardNoWords(rawPreferences);
    const refused = picks.filter((p) => namedIn(p.name, saidNo));
    const proposals: PlaceProposal[] = [];
    const unnamed: string[] = [];
    for (const p of picks) {
      const slug = placeSlug(p.name, p.country);
      if (slug === "") unnamed.push(p.name);
      const usable = slug !== "" && matchDestination(p.name) === null && !refused.includes(p);
      if (!usable || proposals.some((q) => q.slug === slug) || proposals.length >= MAX_WORLD_PLACES) continue;
      proposals.push({
        slug,
        name: p.name,
        country: p.country,
        why: p.why,
        months: trip.months,
        regions: trip.regions,
        // Who suggested it, if it answers a member's suggestion (ids, not their words: erasing a
        // member removes every step that names them).
        suggestedBy: unmatched.find((s) => namedIn(p.name, [new Set(wordsOf(s.text))]))?.memberIds ?? [],
      });
    }
    return {
      patch: { proposals },
      inputSummary: `${trip.months.map((m) => MONTH_NAMES[m - 1]).join("/")}, from ${trip.regions.join(", ")}${
        unmatched.length ? `; ${plural(unmatched.length, "suggested place")} not in the catalog` : ""
      }`,
      keyEvidence: [
        ...(scouted.error !== null ? [`the scout failed: ${quotable(scouted.error)}`] : []),
        ...proposals.map((p) => `${p.name}, ${p.country}${p.suggestedBy.length ? " (suggested)" : ""}`),
        ...refused.map((p) => `${p.name} left out: a member's hard no names it`),
        ...unnamed.map((name) => `${name} left out: no name we can link to`),
      ],
      outputSummary: proposals.length
        ? `Researching ${proposals.map((p) => p.name).join(", ")}`
        : "No places beyond the catalog to research",
    };
  },
});

/** One proposed place, researched into facts with a source for each (one step per place, in parallel). */
export const placeResearcher = defineAgent<"tripContext" | "rawPreferences", "places", PlaceProposal>({
  name: "Place research",
  reads: ["tripContext", "rawPreferences"],
  writes: ["places"],
  async run({ rawPreferences }, ctx, proposal) {
    const key = { slug: proposal.slug, months: proposal.months };
    // Kept research for the same place and months is used again when it covers where this group flies from.
    const kept = ctx.researchCache ? await ctx.researchCache.getPlace(key).catch(() => null) : null;
    const reused =
      kept && proposal.regions.every((r) => kept.place.facts.gettingThereUsd[r] !== undefined) ? kept : null;
    // Research that keeps failing leaves the place out; the run goes on with the rest.
    // Two tries, each a grounded call and three extractions: a step's worst case stays near two minutes.
    const researched = reused ? null : await lookup(ctx, () => researchPlace(ctx, proposal), PLACE_ATTEMPTS);
    const found: ResearchedPlaceResult = reused
      ? { ...reused.place, missing: [] }
      : (researched?.value ?? {
          facts: null,
          web: null,
          unverified: [],
          missing: [`the research failed: ${quotable(researched?.error ?? "no answer")}`],
        });
    if (!reused && found.facts && found.web) {
      const { facts, web, unverified } = found;
      await ctx.researchCache?.putPlace(key, { facts, web, unverified }, ctx.now()).catch(() => {});
    }
    // What research found is judged again now that it has a name and a place on the map.
    const refusal = found.facts ? refusalOf(found.facts, rawPreferences) : null;
    const facts = refusal ? null : found.facts;
    // Words a card shows pass the output check like every other card line.
    const unverified = found.unverified.filter((line) => screen(line) === null);
    return {
      patch: {
        places: facts ? [{ facts, web: found.web, unverified, suggestedBy: proposal.suggestedBy }] : [],
      },
      inputSummary: `${proposal.name}, ${proposal.country}`,
      keyEvidence: [
        ...(found.web ? [plural(found.web.sources.length, "source")] : []),
        ...(reused ? [`research from ${reused.fetchedAt.toISOString().slice(0, 10)} used again`] : []),
        ...unverified.map((u) => `unverified: ${u}`),
        ...found.missing.map((m) => `missing: ${quotable(m)}`),
        ...(refusal ? [`left out: ${refusal}`] : []),
      ],
      outputSummary: facts
        ? `${proposal.name}: ${plural(facts.activities.length, "sourced activity", "sourced activities")}`
        : `${proposal.name}: ${refusal ? "left out" : "not enough sourced facts to plan from"}`,
      riskFlags: facts ? [] : ["unverified"],
    };
  },
});

/** Farther than this from every catalog destination, a researched place is a new one. */
const SAME_PLACE_KM = 30;

/**
 * Why researched facts can't be offered after all: a member's hard no names the place as
 * research named it, or it is where a catalog destination already is (which the group gets
 * with the catalog's own facts).
 */
function refusalOf(facts: DestinationFacts, rawPreferences: PipelineState["rawPreferences"]): string | null {
  if (namedIn(facts.name, hardNoWords(rawPreferences))) return "a member's hard no names it";
  const known = allFacts().find((d) => greatCircleKm(d.coordinates, facts.coordinates) < SAME_PLACE_KM);
  return known ? `it is where ${known.name} is, which we already know` : null;
}

/** Each respondent's hard no's, as sets of words. */
function hardNoWords(rawPreferences: PipelineState["rawPreferences"]): Set<string>[] {
  return respondentConstraints(rawPreferences).flatMap((m) => m.hardNos.map((h) => new Set(wordsOf(h.text))));
}

/** An error or a reason as a log line may quote it: screened like web text. */
function quotable(text: string): string {
  return screen(text) === null ? text : "(withheld by the risk guard)";
}

/** The months, trip length and members' fare regions research is for; null without a date window. */
function scoutTrip(
  profile: PipelineState["groupProfile"],
  rawPreferences: PipelineState["rawPreferences"],
  today: string,
): { months: number[]; days: number; regions: OriginRegion[] } | null {
  const frame = tripFrame(profile, today);
  const months = monthsOf(shapeFor(frame, frame.maxDays, null));
  if (!months?.length) return null;
  // Every respondent's fare region, a home we can't place priced from where the catalog's estimates
  // start (so a researched place has a fare for everyone who answered, as a catalog place does).
  const regions = [
    ...new Set(respondentConstraints(rawPreferences).map((m) => fareRegionOf(m.origin.place ?? UNKNOWN_HOME))),
  ];
  if (regions.length === 0) return null;
  return { months, days: frame.maxDays, regions };
}

/**
 * A place's slug: its name and its country's code ("São Miguel, Azores", "Portugal" →
 * "sao-miguel-azores-pt"), so places of the same name in different countries (Granada, Spain
 * and Granada, Nicaragua) are never taken for each other; a country we can't name keeps its words.
 */
export function placeSlug(name: string, country: string): string {
  const code = gazetteer().countriesByName.get(fold(country))?.code;
  const base = slugify(name);
  if (!base) return "";
  return code ? `${base}-${code.toLowerCase()}` : slugify(`${name} ${country}`);
}

/**
 * Words of a place's name that don't identify it ("island", "saint", "national park"…), as
 * `wordsOf` reads them (folded, singular), the way hard no's are read everywhere else.
 */
const GENERIC = new Set(
  "island isle city town village lake beach coast park national valley mount mountain bay river north south east west upper lower saint santa sant san port puerto costa playa cape".split(
    " ",
  ),
);

/** Does any of these texts (their words) name the place: one of its own words, not a generic one? */
function namedIn(name: string, texts: Set<string>[]): boolean {
  const own = wordsOf(name).filter((w) => w.length > 3 && !GENERIC.has(w));
  return texts.some((words) => own.some((w) => words.has(w)));
}
