import { defineItineraryAgent } from "@/lib/agents/define-agent";
import { type DestinationFacts, factsIn } from "@/lib/facts";
import { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryState } from "@/lib/schemas/itinerary-pipeline";
import { organizerItemsOf, validateItinerary } from "@/lib/validation/itinerary";

/**
 * The critic: puts the plan together (schema enforced) and runs the independent
 * compliance validator (lib/validation/itinerary.ts) over it — every figure recomputed,
 * every member's constraints judged, from raw facts and raw answers. What it finds goes
 * to the repair round; nothing that fails it is ever stored.
 */
export const itineraryGate = defineItineraryAgent({
  name: "Compliance validator",
  reads: [
    "tripContext",
    "brief",
    "rawPreferences",
    "feedback",
    "flags",
    "allocation",
    "days",
    "costSheet",
    "finishing",
    "previous",
    "places",
  ],
  writes: ["itinerary", "violations"],
  async run(state, ctx) {
    const facts = factsIn(state.places, state.brief.slug);
    if (!facts) throw new Error(`Unknown destination ${state.brief.slug}`);
    const draft = {
      ...assemble(state, facts, ctx.now()),
      preferencesFingerprint: state.tripContext.preferencesFingerprint,
    };
    const parsed = Itinerary.safeParse(draft);
    const violations = parsed.success
      ? validateItinerary(parsed.data, {
          members: state.rawPreferences,
          facts,
          dates: state.brief.start && state.brief.end ? { start: state.brief.start, end: state.brief.end } : null,
          plannedOn: state.tripContext.today,
          feedback: state.feedback,
          // The flags as their rows said when the run loaded them, never as the planner read them.
          flags: state.flags ?? [],
          // Only the organizer's own items of the version this one regenerates, exactly as they were.
          organizerItems: organizerItemsOf(state.previous),
        })
      : parsed.error.issues.map((i) => ({ day: null, rule: "schema", message: `${i.path.join(".")}: ${i.message}` }));
    return {
      patch: { itinerary: draft, violations },
      inputSummary: `${state.days.length} days, ${state.days.reduce((n, d) => n + d.items.length, 0)} activities`,
      keyEvidence: violations.slice(0, 5).map((v) => v.message),
      outputSummary: violations.length
        ? `${violations.length} problem${violations.length === 1 ? "" : "s"} to repair`
        : "Every check passes",
      riskFlags: [...new Set(violations.map((v) => v.rule))],
    };
  },
});

function assemble(
  state: Pick<
    ItineraryState,
    "brief" | "rawPreferences" | "allocation" | "days" | "costSheet" | "finishing" | "previous"
  >,
  facts: DestinationFacts,
  now: Date,
): Omit<Itinerary, "preferencesFingerprint"> {
  const days = [...state.days].sort((a, b) => a.day - b.day);
  const sources = new Map<string, { title: string; url: string }>();
  for (const d of days) {
    for (const i of d.items) if (i.source) sources.set(i.source.url, i.source);
    for (const m of d.meals) sources.set(m.source.url, m.source);
  }
  for (const s of facts.sources.slice(0, 2)) sources.set(s.url, s);
  const { brief, costSheet, finishing } = state;
  return {
    destination: { slug: facts.slug, name: facts.name, country: facts.country, timezone: facts.timezone },
    dates: { start: brief.start, end: brief.end, nights: brief.nights, days: brief.days },
    pace: brief.pace,
    days,
    weather: finishing.weather,
    packingList: finishing.packingList,
    // Notes a repair round added after the polish.
    assumptions: [
      ...finishing.assumptions,
      ...state.allocation.notes.filter((n) => !finishing.assumptions.includes(n)),
    ],
    costs: costSheet.costs,
    costRange: costSheet.range,
    budgetMode: costSheet.mode,
    impactedMemberIds: costSheet.impactedMemberIds,
    costNotes: costSheet.notes,
    stretches: costSheet.stretches,
    sources: [...sources.values()],
    feedback: state.allocation.outcomes,
    pendingMemberIds: state.rawPreferences.filter((m) => !m.preferences).map((m) => m.id),
    generatedAt: now.toISOString(),
    // The version of the facts it was planned and checked against (recorded with it when stored).
    factsVersion: facts.provenance.version,
    // Still out unless this version has it again (a suggestion brought it back).
    removedByHand: (state.previous?.removedByHand ?? []).filter(
      (id) => !days.some((d) => d.items.some((i) => i.activityId === id)),
    ),
  };
}
