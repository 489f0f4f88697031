import { defineItineraryAgent } from "@/lib/agents/define-agent";
import { respondentConstraints } from "@/lib/constraints/member";
import { factsIn } from "@/lib/facts";
import { splurgesAsked } from "@/lib/money/food";
import { usualTier } from "@/lib/money/ledger";
import { allocate } from "@/lib/planning/itinerary-allocation";

/**
 * Shares the days out, in code: which activity goes in which slot of which day, and
 * where to eat — only what suits every member and is open then, around one area a day,
 * meals within the day's food allowance unless a member asked for the splurge,
 * at the group's pace, keeping locked items and the organizer's own items exactly as they were,
 * and (on a regeneration) the rest of the plan,
 * and answering every flag and suggestion (lib/planning/itinerary-allocation.ts).
 */
export const dayPlanner = defineItineraryAgent({
  name: "Day planner",
  reads: ["brief", "rawPreferences", "feedback", "flags", "previous", "taste", "places"],
  writes: ["allocation"],
  async run({ brief, rawPreferences, feedback, flags, previous, taste, places }) {
    const facts = factsIn(places, brief.slug);
    if (!facts) throw new Error(`Unknown destination ${brief.slug}`);
    const members = respondentConstraints(rawPreferences);
    const allocation = allocate({
      facts,
      members,
      brief,
      taste,
      previous,
      feedback,
      flags: flags ?? [],
      groupTier: usualTier(members),
      splurges: splurgesAsked(
        facts.meals,
        rawPreferences,
        feedback.filter((f) => f.kind === "suggestion").map((f) => f.text),
      ),
    });
    const placed = allocation.days.reduce((n, d) => n + d.items.length + (d.custom?.length ?? 0), 0);
    return {
      patch: { allocation },
      inputSummary: `${facts.name}, ${brief.days} day${brief.days === 1 ? "" : "s"} at a ${brief.pace} pace, ${feedback.length} feedback item${feedback.length === 1 ? "" : "s"}`,
      keyEvidence: [
        ...allocation.days.map(
          (d) =>
            `day ${d.day}: ${d.area} (${d.items.length} activities${d.custom?.length ? `, ${d.custom.length} of the organizer's own` : ""}, ${d.meals.length} meals)`,
        ),
        ...allocation.outcomes.map((o) => `feedback ${o.status}`),
      ].slice(0, 8),
      outputSummary: `${placed} activities over ${brief.days} days`,
    };
  },
});
