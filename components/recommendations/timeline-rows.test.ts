import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "@/lib/schemas/trip-events";
import { timelineRows } from "./timeline-rows";

let nextId = 1;
const entry = (stage: string, stepId: string, kind: TimelineEntry["kind"], message = "…"): TimelineEntry => ({
  id: nextId++,
  stage,
  stepId,
  kind,
  message,
});

const stateOf = (rows: ReturnType<typeof timelineRows>, key: string) => rows.find((r) => r.key === key)?.state;

describe("the run timeline's rows", () => {
  it("shows finished steps as done, fanned-out ones as counted, and only the untouched as waiting", () => {
    const events = [
      entry("load", "load-preferences", "started"),
      entry("load", "load-preferences", "finished", "4 members, 3 answered"),
      entry("guard", "risk-guard", "started"),
      entry("guard", "risk-guard", "finished"),
      entry("normalize", "normalize:a", "started"),
      entry("normalize", "normalize:b", "started"),
      entry("normalize", "normalize:a", "finished", "Ana: high confidence"),
    ];
    const rows = timelineRows(events);
    expect(stateOf(rows, "load")).toBe("done");
    expect(stateOf(rows, "guard")).toBe("done");
    expect(rows.find((r) => r.key === "normalize")).toMatchObject({ state: "running", steps: 2, finished: 1 });
    expect(rows.filter((r) => r.state === "waiting").map((r) => r.key)).toEqual([
      "profile",
      "conflicts",
      "candidates",
      "research",
      "rank",
      "cards",
      "validate",
      "store",
    ]);
  });

  it("gives the same rows whatever order or repeats the progress arrives in (server render, then live events)", () => {
    const events = [
      entry("research", "research:lisbon", "started"),
      entry("research", "research:lisbon", "retrying", "Attempt 1 didn't work"),
      entry("research", "research:lisbon", "degraded", "Lisbon unverified"),
    ];
    const shuffled = [events[2], events[0], events[2], events[1]].filter((e) => e !== undefined);
    expect(timelineRows(shuffled)).toEqual(timelineRows(events));
    expect(stateOf(timelineRows(events), "research")).toBe("warning");
    expect(timelineRows(events).find((r) => r.key === "research")?.detail).toBe("Lisbon unverified");
  });

  it("marks the stage where a run failed", () => {
    const rows = timelineRows([
      entry("rank", "rank", "started"),
      entry("rank", "run", "failed", "The AI service isn't answering"),
    ]);
    expect(stateOf(rows, "rank")).toBe("failed");
  });
});
