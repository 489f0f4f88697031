import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { RUN_TOOLS, startedRun, startedRuns } from "./started-run";

const RUN_A = "0b0e3c1e-5f5a-4c1e-9d0a-1a2b3c4d5e6f";
const RUN_B = "7c9d1f20-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

/** A tool part as the conversation stores it: `tool-<name>`, its state, and the action's result. */
const part = (name: string, output: unknown, state = "output-available") => ({ type: `tool-${name}`, state, output });
const started = (runId: string, again = false) => ({ ok: true, data: { runId, started: !again } });

describe("the runs an answer started", () => {
  it("finds the run each run-starting tool started, with the kind of run it is", () => {
    // Kinds as the actions start them (lib/actions/recommendations.ts, itinerary.ts): a plan is
    // "itinerary"; a new version, whether for feedback or for changed answers, is "regenerate".
    expect(startedRun(part("generateRecommendations", started(RUN_A)))).toEqual({
      runId: RUN_A,
      kind: "recommendations",
    });
    expect(startedRun(part("generateItinerary", started(RUN_A)))).toEqual({ runId: RUN_A, kind: "itinerary" });
    expect(startedRun(part("regenerateItinerary", started(RUN_B)))).toEqual({ runId: RUN_B, kind: "regenerate" });
    expect(startedRun(part("replanWithNewAnswers", started(RUN_B)))).toEqual({ runId: RUN_B, kind: "regenerate" });
    // Asked while one is going: the action answers with the run already going, shown the same way.
    expect(startedRun(part("generateRecommendations", started(RUN_A, true)))?.runId).toBe(RUN_A);
  });

  it("finds nothing where no run started: a refusal, a declined or unanswered card, another tool, a text", () => {
    const refused = { ok: false, code: "rate_limited", message: "Too many generations." };
    expect(startedRun(part("generateRecommendations", refused))).toBeNull();
    expect(startedRun(part("generateRecommendations", undefined, "approval-requested"))).toBeNull();
    expect(startedRun(part("generateRecommendations", undefined, "output-denied"))).toBeNull();
    expect(startedRun(part("generateItinerary", undefined, "input-available"))).toBeNull();
    // A read that happens to carry a run id did not start it.
    expect(startedRun(part("readTrip", started(RUN_A)))).toBeNull();
    expect(startedRun(part("generateRecommendations", { ok: true, data: {} }))).toBeNull();
    expect(startedRun({ type: "text" })).toBeNull();
  });

  it("lists a conversation's runs oldest first, each once, the latest ones when limited", () => {
    const messages = [
      { role: "user", parts: [{ type: "text" }] },
      { role: "assistant", parts: [part("generateRecommendations", started(RUN_A)), part("complete_task", {})] },
      // Asked again while it ran: the same run, not a second one.
      { role: "assistant", parts: [part("generateRecommendations", started(RUN_A, true))] },
      { role: "assistant", parts: [part("generateItinerary", started(RUN_B))] },
    ];
    expect(startedRuns(messages)).toEqual([
      { runId: RUN_A, kind: "recommendations" },
      { runId: RUN_B, kind: "itinerary" },
    ]);
    expect(startedRuns(messages, 1)).toEqual([{ runId: RUN_B, kind: "itinerary" }]);
    expect(startedRuns(messages, 0)).toEqual([]);
  });

  it("knows every action that spends the model, and only those (each starts a run)", () => {
    const spending = Object.entries(actions)
      .filter(([, action]) => action.definition.effect === "spends-model")
      .map(([name]) => name)
      .sort();
    expect(Object.keys(RUN_TOOLS).sort()).toEqual(spending);
  });
});
