import { describe, expect, it } from "vitest";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import { itineraryWithoutMember, jsonWithoutMember, jsonWithoutName, packWithoutMember } from "./erasure";

describe("erasing a member from a stored payload an older app wrote", () => {
  it("drops their id from arrays and every object naming them, at any depth; leaves everyone else's", () => {
    const before = {
      costs: [
        { memberId: "ben", total: 1531 },
        { memberId: "olga", total: 1381 },
      ],
      impactedMemberIds: ["ben", "olga"],
      options: [{ stretches: [{ memberId: "ben", overBy: 40 }], note: "ben" }],
      range: { low: 1380, high: 1540 },
    };
    expect(jsonWithoutMember(before, "ben")).toEqual({
      costs: [{ memberId: "olga", total: 1381 }],
      impactedMemberIds: ["olga"],
      // A plain string field that happens to read "ben" is not an id list: kept.
      options: [{ stretches: [], note: "ben" }],
      range: { low: 1380, high: 1540 },
    });
  });
});

describe("taking a member's name out of generated text when they leave", () => {
  it("replaces the name as a whole word in every string, at any depth; other words, keys and numbers stay", () => {
    const before = {
      whyItFits: ["Bangkok gives Olga great food and Ann a big city.", "Anne and Ann's sister like it"],
      tradeoffs: [{ summary: "Ann won't find much city in Banff (annual pass).", memberIds: ["ann-id"] }],
      Ann: 3,
      note: "Ann.B (yes, a.k.a. Ann)",
    };
    expect(jsonWithoutName(before, "Ann")).toEqual({
      whyItFits: ["Bangkok gives Olga great food and Someone a big city.", "Anne and Someone's sister like it"],
      tradeoffs: [{ summary: "Someone won't find much city in Banff (annual pass).", memberIds: ["ann-id"] }],
      Ann: 3,
      note: "Someone.B (yes, a.k.a. Someone)",
    });
    // Names with characters regular expressions treat specially are matched literally.
    expect(jsonWithoutName(["J. (Jo) Smith+ said", "J? Smith"], "J. (Jo) Smith+")).toEqual([
      "Someone said",
      "J? Smith",
    ]);
    expect(jsonWithoutName(["Zoë is in", "Zoëlle is too"], "Zoë")).toEqual(["Someone is in", "Zoëlle is too"]);
  });
});

describe("a plan version when a member leaves", () => {
  it("loses what became of their flags and suggestions, and keeps everyone else's", () => {
    const outcome = (feedbackId: string) => ({ feedbackId, status: "applied", reason: "done", alternatives: [] });
    const plan = {
      costs: [],
      impactedMemberIds: [],
      stretches: [],
      feedback: [outcome("ben-flag"), outcome("olga-flag"), outcome("ben-idea")],
    } as unknown as Itinerary;
    expect(itineraryWithoutMember(plan, "ben", ["ben-flag", "ben-idea"]).feedback).toEqual([outcome("olga-flag")]);
    // Erasing answers only (no feedback ids) leaves the outcomes alone.
    expect(itineraryWithoutMember(plan, "ben").feedback).toHaveLength(3);
  });
});

describe("a pack without a member", () => {
  it("keeps a place others suggested too, without their id, and drops one only they suggested", () => {
    const pack = RecommendationsPack.parse({
      status: "needs_more_input",
      options: [],
      explanation: "Nothing fits yet.",
      conflictReport: { headline: "No conflicts.", conflicts: [], needsMoreInput: true, questions: [] },
      coverage: { confidence: "high", respondedIds: ["ana", "ben"], pendingIds: [], missing: [] },
      preferencesFingerprint: "test",
      generatedAt: "2026-11-21T12:00:00.000Z",
      flaggedMemberIds: [],
      excluded: [],
      suggestions: [
        { text: "Lisbon", slug: "lisbon", memberIds: ["ana", "ben"] },
        { text: "Atlantis", slug: null, memberIds: ["ana"] },
      ],
      unverifiedOriginIds: [],
      factsVersion: "1",
      frame: { window: null, minDays: 3, maxDays: 7, datesPending: true },
      plannedOn: "2026-11-21",
      taste: { liked: [], disliked: [] },
    });
    expect(packWithoutMember(pack, "ana").suggestions).toEqual([
      { text: "Lisbon", slug: "lisbon", memberIds: ["ben"] },
    ]);
  });
});
