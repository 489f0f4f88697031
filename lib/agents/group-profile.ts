import { aggregatePreferences } from "@/lib/agents/aggregation";
import { defineAgent } from "@/lib/agents/define-agent";

/** The deterministic aggregation (DESIGN.md contract) as a pipeline step. */
export const groupProfiler = defineAgent({
  name: "Group profile",
  reads: ["rawPreferences", "tripContext"],
  writes: ["groupProfile"],
  async run({ rawPreferences, tripContext }) {
    const profile = aggregatePreferences(rawPreferences, tripContext.decisions ?? []);
    return {
      patch: { groupProfile: profile },
      inputSummary: `${profile.respondedIds.length} of ${profile.members.length} members answered`,
      keyEvidence: [
        `dates: ${profile.dates.status}`,
        `budget: ${profile.budget.status}${profile.budget.hardCap !== null ? `, hard cap $${profile.budget.hardCap}` : ""}`,
        `trip length: ${profile.tripLength.windowDays} days`,
      ],
      outputSummary: `Shared vibes: ${profile.vibes.shared.join(", ") || "none"}`,
    };
  },
});
