import { describe, expect, it } from "vitest";
import { MAX_CANDIDATES, suggestionsOf, withSuggested } from "@/lib/agents/candidate-generator";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";

const pick = (slug: string) => ({ slug, rationale: `${slug} fits.` });

describe("adding members' suggested places to the model's picks", () => {
  const match = new Map([
    ["a", { vibeMatch: 0.9 }],
    ["b", { vibeMatch: 0.4 }],
    ["c", { vibeMatch: 0.4 }],
    ["s", { vibeMatch: 0.1 }],
  ]);

  it("adds a suggested place the model left out while there is room, and leaves a picked one alone", () => {
    expect(withSuggested([pick("a"), pick("s")], new Set(["s"]), match).map((p) => p.slug)).toEqual(["a", "s"]);
    expect(withSuggested([pick("a")], new Set(["s"]), match).map((p) => p.slug)).toEqual(["a", "s"]);
  });

  it("on a full list, takes the place of the unsuggested pick that matches least (the last on a tie)", () => {
    const full = ["a", "b", "c", ...Array.from({ length: MAX_CANDIDATES - 3 }, () => "a")].map(pick);
    const result = withSuggested(full, new Set(["s"]), match);
    expect(result).toHaveLength(MAX_CANDIDATES);
    expect(result.map((p) => p.slug).slice(0, 3)).toEqual(["a", "b", "s"]);
  });
});

describe("the places members suggested", () => {
  const member = (id: string, suggestedPlace: string) => ({
    id,
    name: id,
    preferences: MemberPreferences.parse(answers({ suggestedPlace })),
  });

  it("one entry per place, whoever spelled it how; none for an empty answer", () => {
    expect(
      suggestionsOf([
        member("ana", "Lisbon"),
        member("ben", "Lisboa"),
        member("cy", ""),
        member("dee", "Atlantis"),
        member("eve", "atlantis"),
        { id: "fay", name: "fay", preferences: null },
      ]),
    ).toEqual([
      { text: "Lisbon", slug: "lisbon", memberIds: ["ana", "ben"] },
      { text: "Atlantis", slug: null, memberIds: ["dee", "eve"] },
    ]);
  });
});
