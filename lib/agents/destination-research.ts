import { defineAgent } from "@/lib/agents/define-agent";
import { constraintsOf, eligibleActivities, estimateCost } from "@/lib/agents/hard-constraints";
import { type GroundedResult, generateGrounded } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { findDestination } from "@/lib/catalog";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { ResearchFacts } from "@/lib/schemas/pipeline";

/**
 * Researches one candidate (one step per candidate, all in parallel). Prices, climate
 * and the activities a highlight may use come from our catalog, filtered by the group's
 * hard constraints; the model adds a current summary with sources (Google Search
 * grounding on Gemini, catalog sources offline). A lookup that keeps failing never fails
 * the run: the candidate is marked unverified and keeps only catalog facts.
 */

export const RESEARCH_ATTEMPTS = 3;
const RETRY_DELAY_MS = 250;

/** The dates the plan assumes: the longest full overlap, else the best partial window. */
export function planningWindow(profile: GroupProfile): { start: string; end: string } | null {
  const w = profile.dates.overlapWindows[0] ?? profile.dates.best;
  return w ? { start: w.start, end: w.end } : null;
}

export const destinationResearch = defineAgent<"groupProfile" | "rawPreferences", "research", string>({
  name: "Destination research",
  reads: ["groupProfile", "rawPreferences"],
  writes: ["research"],
  async run({ groupProfile, rawPreferences }, ctx, slug) {
    const destination = findDestination(slug);
    if (!destination) throw new Error(`Unknown destination ${slug}`);
    const activities = eligibleActivities(destination, constraintsOf(groupProfile));
    const cost = estimateCost(destination, rawPreferences, groupProfile, activities);
    const window = planningWindow(groupProfile);
    const month = window ? Number(window.start.slice(5, 7)) : null;
    const climate = month ? destination.climate[month - 1] : undefined;

    let found: GroundedResult | null = null;
    let lastError = "";
    for (let attempt = 1; attempt <= RESEARCH_ATTEMPTS && !found; attempt++) {
      try {
        found = await generateGrounded({
          models: ctx.models,
          meter: ctx.meter,
          system: SYSTEM.researcher,
          prompt: `Destination: ${destination.name}, ${destination.country}.${month ? ` Travel month: ${month}.` : ""} What should a group know right now?`,
          offline: { task: "research", input: { slug, name: destination.name, month } },
        });
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (attempt < RESEARCH_ATTEMPTS) await ctx.sleep(RETRY_DELAY_MS * 2 ** (attempt - 1));
      }
    }
    const verified = found !== null && found.sources.length > 0;
    const facts: ResearchFacts = {
      slug,
      verified,
      summary: found?.text.slice(0, 1200) || destination.summary,
      cost: { low: cost.low, high: cost.high, nights: cost.nights, tier: cost.tier },
      climate: climate
        ? `Around ${climate.highC}°C by day and ${climate.lowC}°C at night, with about ${climate.rainyDays} rainy days that month.`
        : null,
      activities: activities.map(({ id, title, area, bestTime, costUsd }) => ({ id, title, area, bestTime, costUsd })),
      sources: verified && found ? found.sources : [],
    };
    return {
      patch: { research: { [slug]: facts } },
      inputSummary: `${destination.name}${month ? `, month ${month}` : ""}`,
      keyEvidence: [
        `$${cost.low}–$${cost.high} per person (${cost.tier}, ${cost.nights} nights)`,
        `${activities.length} activities suit everyone`,
        ...(verified ? [`${facts.sources.length} sources`] : [`lookup failed: ${lastError || "no sources"}`]),
      ],
      outputSummary: verified ? `${destination.name} verified` : `${destination.name} unverified`,
      riskFlags: verified ? [] : ["unverified"],
    };
  },
});
