import { aggregatePreferences } from "@/lib/agents/aggregation";
import { defineAgent } from "@/lib/agents/define-agent";

/** The deterministic aggregation (DESIGN.md contract) as a pipeline step. */
export const groupProfiler = defineAgent({
  name: "Group profile",
  reads: ["rawPreferences"],
  writes: ["groupProfile"],
  async run({ rawPreferences }) {
    const profile = aggregatePreferences(rawPreferences);
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
