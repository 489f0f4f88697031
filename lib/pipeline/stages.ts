/**
 * The rows of the live progress timeline, in order. Progress events carry the stage
 * key; the UI shows the label. Pure data, so client components can import it.
 */
export const STAGES = [
  { key: "load", label: "Reading everyone's preferences" },
  { key: "guard", label: "Screening notes for safety" },
  { key: "normalize", label: "Understanding each member" },
  { key: "profile", label: "Building the group profile" },
  { key: "conflicts", label: "Explaining conflicts" },
  { key: "candidates", label: "Shortlisting destinations" },
  { key: "research", label: "Researching destinations" },
  { key: "rank", label: "Ranking options" },
  { key: "validate", label: "Checking every constraint" },
  { key: "store", label: "Saving recommendations" },
] as const;

export type StageKey = (typeof STAGES)[number]["key"];
