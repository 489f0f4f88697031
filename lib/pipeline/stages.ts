import type { RunKind } from "@/lib/db/schema";

/**
 * The rows of the live progress timeline, per kind of run, in order. Progress events
 * carry the stage key; the UI shows the label. Pure data, so client components can import it.
 */
export const STAGES = {
  recommendations: [
    { key: "load", label: "Reading everyone's preferences" },
    { key: "guard", label: "Screening notes for safety" },
    { key: "normalize", label: "Understanding each member" },
    { key: "profile", label: "Building the group profile" },
    { key: "conflicts", label: "Explaining conflicts" },
    { key: "candidates", label: "Shortlisting destinations" },
    { key: "research", label: "Researching destinations" },
    { key: "rank", label: "Ranking options" },
    { key: "cards", label: "Writing each card" },
    { key: "validate", label: "Checking every constraint" },
    { key: "store", label: "Saving recommendations" },
  ],
  itinerary: [
    { key: "load", label: "Reading the trip and everyone's needs" },
    { key: "guard", label: "Screening feedback for safety" },
    { key: "allocate", label: "Sharing the days out by area" },
    { key: "draft", label: "Drafting each day" },
    { key: "cost", label: "Working out each person's cost" },
    { key: "polish", label: "Making each day flow" },
    { key: "validate", label: "Checking every constraint" },
    { key: "store", label: "Saving the plan" },
  ],
} as const;

/** A regeneration is an itinerary run that feedback caused: same stages. */
export function stagesOf(kind: RunKind): readonly { key: string; label: string }[] {
  return kind === "recommendations" ? STAGES.recommendations : STAGES.itinerary;
}

export type StageKey = (typeof STAGES.recommendations)[number]["key"] | (typeof STAGES.itinerary)[number]["key"];

export function stageLabel(key: string): string {
  return [...STAGES.recommendations, ...STAGES.itinerary].find((s) => s.key === key)?.label ?? key;
}
