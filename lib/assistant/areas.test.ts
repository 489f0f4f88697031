import { describe, expect, it } from "vitest";
import { AREAS, activeToolNames, areasFor } from "./areas";
import { toolSpecs } from "./registry";

describe("a turn's tools by area", () => {
  it("puts every writing tool in an area and every area's tool in the registry", () => {
    const specs = toolSpecs();
    const inAreas = new Set<string>(Object.values(AREAS).flatMap((a) => a.tools));
    const unplaced = specs.filter((s) => s.effect !== "read" && !inAreas.has(s.name)).map((s) => s.name);
    expect(unplaced).toEqual([]);
    const names = new Set(specs.map((s) => s.name));
    expect([...inAreas].filter((n) => !names.has(n))).toEqual([]);
  });

  it("sends the reads and the turn's own tools always, and only the writing tools of the areas asked about", () => {
    const all = ["readPlan", "complete_task", "open_tools", "moveItineraryItem", "renameTrip", "addContextEntry"];
    expect(activeToolNames(all, areasFor("Move the Alfama walk to Thursday afternoon"))).toEqual([
      "readPlan",
      "complete_task",
      "open_tools",
      "moveItineraryItem",
    ]);
    expect(activeToolNames(all, areasFor("What's next for our trip?"))).toEqual([
      "readPlan",
      "complete_task",
      "open_tools",
    ]);
    expect(activeToolNames(all, areasFor("Remember that we prefer trains"))).toEqual([
      "readPlan",
      "complete_task",
      "open_tools",
      "addContextEntry",
    ]);
  });
});

describe("the offline assistant and closed areas", () => {
  it("opens the area of the tool it needs when no tool of it was sent, then acts", async () => {
    const { nextStep } = await import("@/lib/ai/offline/assistant-model");
    const fn = (name: string) => ({ type: "function" as const, name, inputSchema: { type: "object" as const } });
    const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "Rename the trip to Porto" }] }];
    const first = await nextStep({ prompt, tools: [fn("readTrip"), fn("complete_task"), fn("open_tools")] });
    expect(first).toMatchObject([{ type: "tool-call", toolName: "open_tools", input: '{"areas":["trip"]}' }]);
    const opened = await nextStep({
      prompt: [
        ...prompt,
        {
          role: "assistant" as const,
          content: [{ type: "tool-call" as const, toolCallId: "offline-1", toolName: "open_tools", input: {} }],
        },
        {
          role: "tool" as const,
          content: [
            {
              type: "tool-result" as const,
              toolCallId: "offline-1",
              toolName: "open_tools",
              output: { type: "json" as const, value: { ok: true } },
            },
          ],
        },
      ],
      tools: [fn("readTrip"), fn("complete_task"), fn("open_tools"), fn("renameTrip"), fn("leaveTrip")],
    });
    expect(opened).toMatchObject([{ type: "tool-call", toolName: "renameTrip", input: '{"name":"Porto"}' }]);
  });
});
