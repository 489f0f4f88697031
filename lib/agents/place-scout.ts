import { suggestionsOf } from "@/lib/agents/candidate-generator";
import { defineAgent } from "@/lib/agents/define-agent";
import { type ResearchedPlaceResult, researchPlace } from "@/lib/agents/place-research";
import { lookup } from "@/lib/agents/retry";
import { screen } from "@/lib/agents/screening";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { respondentConstraints } from "@/lib/constraints/member";
import { allFacts } from "@/lib/facts";
import { fareRegionOf, UNKNOWN_HOME } from "@/lib/facts/travel";
import { MONTH_NAMES, plural } from "@/lib/format";
import { matchDestination } from "@/lib/places/destination-match";
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
        check: (o) => {
          const problems = o.places
            .filter((p) => matchDestination(p.name) !== null)
            .map((p) => `"${p.name}" is a place we already know; propose another.`);
          const slugs = o.places.map((p) => placeSlug(p.name));
          if (new Set(slugs).size !== slugs.length) problems.push("Each place may appear only once.");
          return problems;
        },
      }),
    );
    const picks = scouted.value && scouted.value.unresolved.length === 0 ? scouted.value.output.places : [];
    // A place someone's hard no names (the catalog's are judged by name; these aren't known yet) is not researched.
    const saidNo = respondentConstraints(rawPreferences).flatMap((m) => m.hardNos.map((h) => wordsOf(h.text)));
    const refused = picks.filter((p) => namedIn(p.name, saidNo));
    const proposals: PlaceProposal[] = picks
      .filter((p) => placeSlug(p.name) !== "" && matchDestination(p.name) === null && !refused.includes(p))
      .slice(0, MAX_WORLD_PLACES)
      .map((p) => ({
        slug: placeSlug(p.name),
        name: p.name,
        country: p.country,
        why: p.why,
        months: trip.months,
        regions: trip.regions,
        // Who suggested it, if it answers a member's suggestion (ids, not their words: erasing a
        // member removes every step that names them).
        suggestedBy: unmatched.find((s) => sameWords(s.text, p.name))?.memberIds ?? [],
      }));
    return {
      patch: { proposals },
      inputSummary: `${trip.months.map((m) => MONTH_NAMES[m - 1]).join("/")}, from ${trip.regions.join(", ")}${
        unmatched.length ? `; ${plural(unmatched.length, "suggested place")} not in the catalog` : ""
      }`,
      keyEvidence: [
        ...(scouted.error !== null ? [`the scout failed: ${scouted.error}`] : []),
        ...proposals.map((p) => `${p.name}, ${p.country}${p.suggestedBy.length ? " (suggested)" : ""}`),
        ...refused.map((p) => `${p.name} left out: a member's hard no names it`),
      ],
      outputSummary: proposals.length
        ? `Researching ${proposals.map((p) => p.name).join(", ")}`
        : "No places beyond the catalog to research",
    };
  },
});

/** One proposed place, researched into facts with a source for each (one step per place, in parallel). */
export const placeResearcher = defineAgent<"tripContext", "places", PlaceProposal>({
  name: "Place research",
  reads: ["tripContext"],
  writes: ["places"],
  async run(_state, ctx, proposal) {
    const key = { slug: proposal.slug, months: proposal.months };
    // Kept research for the same place and months is used again when it covers where this group flies from.
    const kept = ctx.researchCache ? await ctx.researchCache.getPlace(key).catch(() => null) : null;
    const covers = kept && proposal.regions.every((r) => kept.place.facts.gettingThereUsd[r] !== undefined);
    // Research that keeps failing leaves the place out; the run goes on with the rest.
    const researched = kept && covers ? null : await lookup(ctx, () => researchPlace(ctx, proposal));
    const found: ResearchedPlaceResult =
      kept && covers
        ? { ...kept.place, missing: [] }
        : (researched?.value ?? {
            facts: null,
            web: null,
            unverified: [],
            missing: [`the research failed: ${researched?.error ?? "no answer"}`],
          });
    if (!covers && found.facts && found.web) {
      const { facts, web, unverified } = found;
      await ctx.researchCache?.putPlace(key, { facts, web, unverified }, ctx.now()).catch(() => {});
    }
    // Words a card shows pass the output check like every other card line.
    const unverified = found.unverified.filter((line) => screen(line) === null);
    return {
      patch: {
        places: found.facts
          ? [{ facts: found.facts, web: found.web, unverified, suggestedBy: proposal.suggestedBy }]
          : [],
      },
      inputSummary: `${proposal.name}, ${proposal.country}`,
      keyEvidence: [
        ...(found.web ? [plural(found.web.sources.length, "source")] : []),
        ...(kept && covers ? [`research from ${kept.fetchedAt.toISOString().slice(0, 10)} used again`] : []),
        ...unverified.map((u) => `left out: ${u}`),
        ...found.missing.map((m) => `missing: ${m}`),
      ],
      outputSummary: found.facts
        ? `${proposal.name}: ${plural(found.facts.activities.length, "sourced activity", "sourced activities")}`
        : `${proposal.name}: not enough sourced facts to plan from`,
      riskFlags: found.facts ? [] : ["unverified"],
    };
  },
});

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

/** "São Miguel, Azores" → "sao-miguel-azores". */
export function placeSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replaceAll(/\p{M}/gu, "")
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, "-")
    .replaceAll(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** Words of a place's name that identify it (not "island", "city", "national park"…). */
const GENERIC = new Set(["island", "islands", "city", "town", "lake", "beach", "coast", "park", "national", "valley"]);
const wordsOf = (text: string) => new Set(placeSlug(text).split("-"));

/** Does any of these texts (their words) name the place: one of its own words, not a generic one? */
function namedIn(name: string, texts: Set<string>[]): boolean {
  const own = [...wordsOf(name)].filter((w) => w.length > 3 && !GENERIC.has(w));
  return texts.some((words) => own.some((w) => words.has(w)));
}

function sameWords(a: string, b: string): boolean {
  const words = (s: string) => new Set(placeSlug(s).split("-"));
  const [x, y] = [words(a), words(b)];
  return [...x].some((w) => w.length > 3 && y.has(w));
}
