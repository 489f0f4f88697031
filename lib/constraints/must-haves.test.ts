import { describe, expect, it } from "vitest";
import { answerTask } from "@/lib/ai/offline/tasks";
import { mustHavesMet } from "@/lib/constraints/must-haves";
import type { CandidatePicks, CandidatesInput } from "@/lib/schemas/agent-io";

const activities = [
  { title: "Sunset at Praia da Rainha", keywords: ["beach", "sunset"] },
  { title: "Sushi counter lunch", keywords: ["lunch"] },
  { title: "Live jazz at the Hot Clube", keywords: ["music", "nightlife"] },
];

describe("which must-haves a place offers", () => {
  it("reads must-haves like hard no's, and unknown ones by their words", () => {
    expect(mustHavesMet(activities, ["a beach day", "sushi", "live jazz", "skiing", "hot springs"])).toEqual([
      "a beach day",
      "sushi",
      "live jazz",
    ]);
    expect(mustHavesMet(activities, [])).toEqual([]);
  });
});

describe("the offline planner's candidate picks", () => {
  const place = (slug: string, country: string, over: Partial<CandidatesInput["eligible"][number]> = {}) => ({
    slug,
    name: slug,
    country,
    region: "europe" as const,
    vibes: ["city"],
    vibeMatch: 0.5,
    someoneLivesThere: false,
    suggested: false,
    mustHavesMet: [],
    scopeMisses: 0,
    suitsEverySide: false,
    ...over,
  });
  const pick = (input: Pick<CandidatesInput, "eligible"> & Partial<CandidatesInput>) =>
    (answerTask("candidates", { min: 1, max: 1, ...input }, []).json as CandidatePicks).picks.map((p) => p.slug);

  it("without must-haves, picks on the group's match alone (alphabetical on a tie)", () => {
    expect(pick({ eligible: [place("b-city", "B"), place("a-city", "A")] })).toEqual(["a-city"]);
  });

  it("moves a place that offers a must-have a little ahead, but not past a clearly better match", () => {
    const offers = place("b-city", "B", { mustHavesMet: ["a beach day"] });
    expect(pick({ eligible: [offers, place("a-city", "A")], mustHaves: ["a beach day"] })).toEqual(["b-city"]);
    expect(pick({ eligible: [offers, place("a-city", "A", { vibeMatch: 0.9 })], mustHaves: ["a beach day"] })).toEqual([
      "a-city",
    ]);
  });
});
