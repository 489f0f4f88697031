import { answers } from "@/test/fixtures";

/** The fixed group the recorded Gemini responses in test/fixtures/gemini were made for. */
export const GEMINI_GROUP = [
  {
    name: "Olga",
    answers: answers({
      vibes: ["food", "culture"],
      dates: { flexible: false, windows: [{ start: "2027-05-03", end: "2027-05-12" }] },
      budget: { min: 1000, max: 3000, hardLimit: false },
      scope: "international",
      origin: "Boston",
      notes: "Love long lunches and museums.",
    }),
  },
  {
    name: "Ben",
    answers: answers({
      vibes: ["food", "city"],
      dates: { flexible: false, windows: [{ start: "2027-05-01", end: "2027-05-10" }] },
      budget: { min: 1200, max: 3200, hardLimit: false },
      dietary: ["vegetarian"],
      scope: "either",
      origin: "New York",
    }),
  },
];

/** The same group, with Olga suggesting a place the catalog doesn't have (the recordings in test/fixtures/gemini/world). */
export const WORLD_GROUP = GEMINI_GROUP.map((m) =>
  m.name === "Olga" ? { ...m, answers: answers({ ...m.answers, suggestedPlace: "the Azores" }) } : m,
);
