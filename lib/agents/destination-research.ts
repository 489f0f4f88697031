import { defineAgent } from "@/lib/agents/define-agent";
import { usableActivities } from "@/lib/agents/ranker";
import { lookup } from "@/lib/agents/retry";
import { screen } from "@/lib/agents/screening";
import { type GroundedResult, generateGrounded } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { climateIn, factsIn } from "@/lib/facts";
import { clipToSentences, MONTH_NAMES } from "@/lib/format";
import { monthsOf } from "@/lib/planning/trip-shape";
import type { ResearchFacts } from "@/lib/schemas/pipeline";
import { WEB_SUMMARY_MAX } from "@/lib/schemas/recommendations";

/**
 * Researches one candidate (one step per candidate, all in parallel). Climate and the
 * activities a highlight may use come from the destination's facts, filtered by every
 * member's hard constraints; the model adds a current summary with sources (Google Search
 * grounding on Gemini, catalog sources offline). A lookup that keeps failing never fails
 * the run: the candidate is marked unverified and keeps only catalog facts.
 */

export const destinationResearch = defineAgent<"candidates" | "rawPreferences" | "places", "research", string>({
  name: "Destination research",
  reads: ["candidates", "rawPreferences", "places"],
  writes: ["research"],
  async run({ candidates, rawPreferences, places }, ctx, slug) {
    const destination = factsIn(places, slug);
    // A place researched for this run already has its research: its facts came from it.
    const place = places.find((p) => p.facts.slug === slug);
    const candidate = candidates.find((c) => c.slug === slug);
    if (!destination || !candidate) throw new Error(`Unknown candidate ${slug}`);
    const months = monthsOf(candidate.trip) ?? [];

    // The lookup starts first; which activities suit everyone is worked out while it is out
    // (every candidate's research starts at once, so none waits for another's filtering).
    const looking = (async (): Promise<{ found: GroundedResult | null; lastError: string; fetchedAt?: Date }> => {
      // Research done lately for the same place and months is used again (a cache that
      // can't be read is a lookup like any other).
      if (place) {
        const web = place.web;
        return {
          found: web ? { text: web.summary, sources: web.sources, suggestions: web.suggestions } : null,
          lastError: web ? "" : "no sources",
          fetchedAt: web ? new Date(web.fetchedAt) : undefined,
        };
      }
      const key = { slug, months };
      const cached = ctx.researchCache ? await ctx.researchCache.get(key).catch(() => null) : null;
      if (cached) return { found: cached.found, lastError: "", fetchedAt: cached.fetchedAt };
      const tried = await lookup(ctx, async () => {
        const found = await generateGrounded({
          models: ctx.models,
          meter: ctx.meter,
          system: SYSTEM.researcher,
          prompt: `Destination: ${destination.name}, ${destination.country}.${
            months.length ? ` Travel month: ${months.map((m) => MONTH_NAMES[m - 1]).join(" and ")}.` : ""
          } What should a group know right now?`,
          offline: { task: "research", input: { slug, name: destination.name, months } },
        });
        if (found.sources.length > 0) await ctx.researchCache?.put(key, found, ctx.now()).catch(() => {});
        return found;
      });
      return { found: tried.value, lastError: tried.error ?? "" };
    })();
    const activities = usableActivities(slug, rawPreferences, places);
    const { found, lastError, fetchedAt } = await looking;
    const verified = found !== null && found.sources.length > 0;
    // Web text is screened before anything reads it (a later prompt, a card, a page): a
    // page that tries to instruct the model, or unsafe text, is withheld and logged.
    const withheld = found ? screen(found.text) : null;
    const webText = found && !withheld ? clipToSentences(found.text.trim(), WEB_SUMMARY_MAX) : "";
    const facts: ResearchFacts = {
      slug,
      verified,
      summary: webText || destination.summary,
      climate: months.length ? climateLine(destination, months) : null,
      activities: activities.map(({ id, title, area, bestTime, costUsd }) => ({ id, title, area, bestTime, costUsd })),
      sources: verified && found ? found.sources : [],
      web:
        verified && found && webText
          ? {
              summary: webText,
              sources: found.sources,
              suggestions: found.suggestions.filter((s) => screen(s.label) === null),
              fetchedAt: (fetchedAt ?? ctx.now()).toISOString(),
            }
          : null,
    };
    return {
      patch: { research: { [slug]: facts } },
      inputSummary: `${destination.name}${months.length ? `, ${months.map((m) => MONTH_NAMES[m - 1]).join("/")}` : ""}`,
      keyEvidence: [
        `${activities.length} activities suit everyone`,
        ...(verified ? [`${facts.sources.length} sources`] : [`lookup failed: ${lastError || "no sources"}`]),
        ...(withheld ? [`web text withheld (${withheld})`] : []),
        ...(fetchedAt && !place ? [`research from ${fetchedAt.toISOString().slice(0, 10)} used again`] : []),
      ],
      outputSummary: verified ? `${destination.name} verified` : `${destination.name} unverified`,
      riskFlags: [...(verified ? [] : ["unverified"]), ...(withheld ? ["web-text-withheld"] : [])],
    };
  },
});

/** "In June: around 27°C by day and 18°C at night, about 11 rainy days." */
export function climateLine(destination: Parameters<typeof climateIn>[0], months: number[]): string {
  // A month the facts don't cover gets no line (researched facts hold only the months asked about).
  return months
    .flatMap((m) => {
      const c = climateIn(destination, m);
      return c
        ? [
            `In ${MONTH_NAMES[m - 1]}: around ${c.highC}°C by day and ${c.lowC}°C at night, about ${c.rainyDays} rainy days.`,
          ]
        : [];
    })
    .join(" ");
}
