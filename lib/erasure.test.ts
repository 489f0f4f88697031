import { describe, expect, it } from "vitest";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { type DestinationOption, RecommendationsPack } from "@/lib/schemas/recommendations";
import {
  decisionLogWithoutMember,
  itineraryWithoutMember,
  jsonWithoutMember,
  jsonWithoutName,
  optionWithoutMember,
  packWithoutMember,
} from "./erasure";

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

describe("a destination card without a member (packs and progress rows hold cards)", () => {
  it("loses their cost sheet, the range is over the others' totals again, and a tradeoff about them alone goes", () => {
    const sheet = (memberId: string, total: number) => ({
      memberId,
      total,
      travel: { mode: "flight", km: 9000, hours: 11.5 },
    });
    const card = {
      costPerPerson: { low: 1380, high: 2450, includes: ["each member's round trip from home"] },
      costs: [sheet("ben", 2443), sheet("olga", 1381), sheet("ana", 1529)],
      tradeoffs: [
        { summary: "Ben would stretch his budget", memberIds: ["ben"] },
        { summary: "Long flights for Ben and Ana", memberIds: ["ben", "ana"] },
        { summary: "Rainy in June", memberIds: [] },
      ],
      impactedMemberIds: ["ben"],
      homeMemberIds: ["olga", "ben"],
    } as unknown as DestinationOption;
    const without = optionWithoutMember(card, "ben");
    expect(without.costs.map((c) => c.memberId)).toEqual(["olga", "ana"]);
    // 1381 rounds down to 1380, 1529 up to 1530 (it was 2450: his 2443).
    expect(without.costPerPerson).toEqual({ low: 1380, high: 1530, includes: ["each member's round trip from home"] });
    expect(without.tradeoffs).toEqual([
      { summary: "Long flights for Ben and Ana", memberIds: ["ana"] },
      { summary: "Rainy in June", memberIds: [] },
    ]);
    expect(without.impactedMemberIds).toEqual([]);
    expect(without.homeMemberIds).toEqual(["olga"]);
    // A card needs a tradeoff: the last one stays, no longer naming him (his name goes with the prose scrub).
    const onlyHis = { ...card, tradeoffs: [card.tradeoffs[0]] } as DestinationOption;
    expect(optionWithoutMember(onlyHis, "ben").tradeoffs).toEqual([
      { summary: "Ben would stretch his budget", memberIds: [] },
    ]);
  });
});

describe("a pack's conflicts, questions and coverage without a member", () => {
  const pack = (over: Partial<RecommendationsPack["conflictReport"]>) =>
    ({
      conflictReport: {
        headline: "Budgets don't meet: $1,237 vs $1,200.",
        conflicts: [],
        needsMoreInput: false,
        questions: [],
        ...over,
      },
      coverage: { confidence: "high", respondedIds: ["ana", "ben"], pendingIds: ["cy"], missing: [] },
      flaggedMemberIds: [],
      unverifiedOriginIds: ["ben"],
      excluded: [],
      suggestions: [],
      options: [],
    }) as unknown as RecommendationsPack;
  type Conflict = RecommendationsPack["conflictReport"]["conflicts"][number];
  const conflict = (kind: Conflict["kind"], memberIds: string[]): Conflict => ({
    kind,
    severity: "medium",
    summary: kind,
    memberIds,
    suggestedResolutions: ["x"],
  });

  it("drops conflicts made of their answers (and the anonymous budget one) and questions to them; the headline says so", () => {
    const before = pack({
      conflicts: [conflict("budget", []), conflict("dates", ["ben", "ana"]), conflict("scope", ["ana", "cy"])],
      questions: [
        { memberId: "ben", question: "Ben, would a cheaper trip work?" },
        { memberId: null, question: "Everyone: more dates?" },
      ],
    }) as RecommendationsPack;
    const after = packWithoutMember(before, "ben");
    expect(after.conflictReport.conflicts.map((c) => c.kind)).toEqual(["scope"]);
    expect(after.conflictReport.headline).toBe(
      "1 conflict when these ideas were made (someone's answers have been erased since).",
    );
    expect(after.conflictReport.questions).toEqual([{ memberId: null, question: "Everyone: more dates?" }]);
    expect(after.unverifiedOriginIds).toEqual([]);
    // Erasing answers: who had answered stays; leaving: the id goes from it too.
    expect(after.coverage.respondedIds).toEqual(["ana", "ben"]);
    expect(packWithoutMember(before, "ben", "member").coverage).toMatchObject({
      respondedIds: ["ana"],
      pendingIds: ["cy"],
    });
    // Nothing of theirs in it: the headline is kept as it was.
    expect(packWithoutMember(pack({ conflicts: [conflict("scope", ["ana"])] }), "ben").conflictReport.headline).toBe(
      "Budgets don't meet: $1,237 vs $1,200.",
    );
  });
});

describe("a decision log without a member", () => {
  it("loses the steps about them alone and the evidence that quotes everyone's answers; keeps the rest", () => {
    const entry = (stepId: string, keyEvidence: string[]) => ({
      agent: "a",
      stepId,
      inputSummary: "in",
      keyEvidence,
      outputSummary: "out",
    });
    const log = [
      entry("normalize:ben", ["city"]),
      entry("normalize:ana", ["food"]),
      entry("group-profile", ["budget: conflict, hard cap $4391"]),
      entry("conflicts", ["medium: One member needs at least $1,237"]),
      entry("candidates", ["Oslo ruled out (budget)"]),
    ];
    expect(decisionLogWithoutMember(log, "ben")).toEqual([
      entry("normalize:ana", ["food"]),
      entry("group-profile", []),
      entry("conflicts", []),
      entry("candidates", ["Oslo ruled out (budget)"]),
    ]);
  });
});
