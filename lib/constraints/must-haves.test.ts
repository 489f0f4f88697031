import { describe, expect, it } from "vitest";
import { answerTask } from "@/lib/ai/offline/tasks";
import { mustHaveOutcomes, mustHavesMet } from "@/lib/constraints/must-haves";
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

describe("what became of each member's must-haves in a plan", () => {
  const known = [
    { id: "praia", title: "Sunset at Praia da Rainha", keywords: ["beach", "sunset"] },
    { id: "spa", title: "Thermal spa afternoon", keywords: ["spa", "stairs"] },
    { id: "jazz", title: "Live jazz at the Hot Clube", keywords: ["music"] },
    { id: "fado", title: "Fado night", keywords: ["music", "live jazz"] },
  ];
  const outcomes = (opts: { inPlan: string[]; unsuited?: string[]; flagged?: string[] }) =>
    mustHaveOutcomes({
      placeName: "Lisbon",
      members: [
        { id: "maya", mustHaves: ["a beach day", "a spa afternoon"] },
        { id: "sam", mustHaves: ["live jazz", "skiing"] },
      ],
      days: [
        {
          day: 1,
          items: opts.inPlan.map((id) => ({
            key: `a:${id}`,
            title: known.find((a) => a.id === id)?.title ?? id,
            activityId: id,
          })),
        },
      ],
      activities: known,
      suitsEveryone: (a) => !(opts.unsuited ?? []).includes(a.id),
      flagged: (a) => (opts.flagged ?? []).includes(a.id),
    });

  it("each must-have is either in the plan, with the items that offer it, or not honoured with why and what would help", () => {
    // The beach is planned (Praia da Rainha carries "beach"); the spa isn't planned and someone
    // can't do it (stairs); jazz: Hot Clube suits everyone but isn't planned, so it is named;
    // skiing: nothing in Lisbon carries it.
    const result = outcomes({ inPlan: ["praia"], unsuited: ["spa"] });
    expect(result).toEqual([
      {
        memberId: "maya",
        mustHave: "a beach day",
        status: "in-plan",
        items: [{ day: 1, key: "a:praia", title: "Sunset at Praia da Rainha" }],
      },
      {
        memberId: "maya",
        mustHave: "a spa afternoon",
        status: "not-honoured",
        why: "What offers it here (Thermal spa afternoon) doesn't suit everyone: a need or hard no someone in the group has rules it out.",
        wouldHelp: "That member relaxing the need or hard no it breaks.",
      },
      {
        memberId: "sam",
        mustHave: "live jazz",
        status: "not-honoured",
        why: "Live jazz at the Hot Clube offers it and suits everyone, but it didn't fit the days at the group's pace.",
        wouldHelp: "Suggest Live jazz at the Hot Clube, or the organizer adds it by hand in place of something else.",
      },
      {
        memberId: "sam",
        mustHave: "skiing",
        status: "not-honoured",
        why: "Nothing we know in Lisbon offers it.",
        wouldHelp: "Another destination that has it.",
      },
    ]);
  });

  it("a flag in force on everything that offers it says so; the organizer's own item counts by its title", () => {
    const flaggedJazz = outcomes({ inPlan: [], flagged: ["jazz", "fado"] }).find((o) => o.mustHave === "live jazz");
    expect(flaggedJazz).toMatchObject({
      status: "not-honoured",
      why: "A member flagged what offers it here (Live jazz at the Hot Clube).",
    });
    const own = mustHaveOutcomes({
      placeName: "Lisbon",
      members: [{ id: "maya", mustHaves: ["a beach day"] }],
      days: [{ day: 2, items: [{ key: "c:1", title: "Beach picnic at Cascais", activityId: null }] }],
      activities: known,
      suitsEveryone: () => true,
      flagged: () => false,
    });
    expect(own).toEqual([
      {
        memberId: "maya",
        mustHave: "a beach day",
        status: "in-plan",
        items: [{ day: 2, key: "c:1", title: "Beach picnic at Cascais" }],
      },
    ]);
  });
});
