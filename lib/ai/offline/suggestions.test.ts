import { describe, expect, it } from "vitest";
import { planFor, SUGGESTIONS, suggestionsFor } from "./assistant-grammar";

const QUESTIONS = ["What's next for our trip?", "What do we still disagree on?", "What have we agreed so far?"];
const IDEAS = "Find destination ideas for us";
const REGENERATE = "Regenerate the plan with our feedback";

describe("the suggestion chips the panel offers", () => {
  it("offers any trip's members the three questions only", () => {
    for (const isOrganizer of [true, false]) {
      expect(suggestionsFor({ isDemo: false, isOrganizer, status: "planning" })).toEqual(QUESTIONS);
    }
  });

  it("offers the demo's organizer the run that can start at the trip's stage, and no other", () => {
    // Ideas while answers are collected or ideas are out; a new plan version once planning; nothing to start once final.
    const at = (status: "collecting" | "recommending" | "planning" | "finalized") =>
      suggestionsFor({ isDemo: true, isOrganizer: true, status });
    expect(at("collecting")).toContain(IDEAS);
    expect(at("recommending")).toContain(IDEAS);
    expect(at("collecting")).not.toContain(REGENERATE);
    expect(at("planning")).toContain(REGENERATE);
    expect(at("planning")).not.toContain(IDEAS);
    expect(at("finalized").filter((c) => c === IDEAS || c === REGENERATE)).toEqual([]);
    // 3 questions + remember + the run + cross-reference.
    expect(at("collecting")).toHaveLength(6);
  });

  it("never offers a demo member a run only the organizer may start", () => {
    for (const status of ["collecting", "recommending", "planning", "finalized"] as const) {
      const chips = suggestionsFor({ isDemo: true, isOrganizer: false, status });
      expect(chips).not.toContain(IDEAS);
      expect(chips).not.toContain(REGENERATE);
      expect(chips).toHaveLength(5);
    }
  });

  it("understands every chip: none falls through to 'what would you like me to do?'", () => {
    for (const chip of SUGGESTIONS) {
      const plan = planFor(chip);
      expect(plan.kind, chip).toBe("tools");
    }
    const ideas = planFor(IDEAS);
    expect(ideas.kind === "tools" && typeof ideas.act === "object" ? ideas.act.tool : null).toBe(
      "generateRecommendations",
    );
  });
});
