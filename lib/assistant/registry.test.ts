import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as actions from "@/lib/actions";
import { EFFECTS } from "@/lib/actions/define";
import { NOT_TOOLS, TOOLS, toolSpec, toolSpecs } from "./registry";

/**
 * Parity: every action in lib/actions/index.ts is a tool or a listed exception (never
 * both), named as exported; each tool's input is its action's minus the trip, with a
 * description on every field, the action's limits kept.
 */

const exported = Object.entries(actions) as [string, (typeof actions)[keyof typeof actions]][];

describe("the tool registry", () => {
  it("has every action as a tool or a listed exception, never both", () => {
    const missing = exported.map(([name]) => name).filter((name) => !TOOLS.has(name) && !(name in NOT_TOOLS));
    expect(missing).toEqual([]);
    const both = Object.keys(NOT_TOOLS).filter((name) => TOOLS.has(name));
    expect(both).toEqual([]);
    // Exceptions name real actions (a renamed one can't linger here).
    expect(Object.keys(NOT_TOOLS).filter((name) => !(name in actions))).toEqual([]);
  });

  it("names each action as it is exported, with a description, an effect and its access", () => {
    for (const [name, action] of exported) {
      expect(action.definition.name, name).toBe(name);
      expect(action.definition.description.length, name).toBeGreaterThan(20);
      expect(EFFECTS, name).toContain(action.definition.effect);
    }
  });

  it("gives each tool its action's input minus the trip, every field described", () => {
    const missingDescriptions: string[] = [];
    for (const [name, action] of TOOLS) {
      const spec = toolSpec(action.definition);
      const whole = z.toJSONSchema(action.definition.input, { io: "input", unrepresentable: "any" }) as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(spec.inputSchema.properties).sort(), name).toEqual(
        Object.keys(whole.properties)
          .filter((k) => k !== "tripId")
          .sort(),
      );
      expect(spec.inputSchema.properties.tripId, name).toBeUndefined();
      expect(spec.inputSchema.required ?? [], name).not.toContain("tripId");
      missingDescriptions.push(...undescribed(spec.inputSchema, name));
    }
    expect(missingDescriptions).toEqual([]);
  });

  it("keeps the action's limits in the JSON Schema", () => {
    const custom = toolSpec(actions.addCustomItineraryItem.definition).inputSchema.properties;
    expect(custom.title).toMatchObject({ type: "string", minLength: 2, maxLength: 80 });
    expect(custom.costPerPerson).toMatchObject({
      anyOf: expect.arrayContaining([expect.objectContaining({ maximum: 10_000, minimum: 0 })]),
    });
    const move = toolSpec(actions.moveItineraryItem.definition).inputSchema;
    expect(move.properties.day).toMatchObject({ type: "integer", minimum: 1, maximum: 31 });
    expect(move.properties.slot).toMatchObject({ enum: ["morning", "afternoon", "evening"] });
    expect(move.required?.sort()).toEqual(["day", "itemKey", "slot", "version"]);
    expect(move.additionalProperties).toBe(false);
  });

  it("annotates each tool from its effect", () => {
    const byName = new Map(toolSpecs().map((s) => [s.name, s]));
    expect(byName.get("readPlan")?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get("deleteTrip")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get("moveItineraryItem")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get("generateItinerary")?.annotations).toMatchObject({ openWorldHint: true, readOnlyHint: false });
  });

  it("offers no action that sets a browser cookie or mints a sign-in, invite or share link as a tool", () => {
    for (const name of [
      "createTrip",
      "createDemoTrip",
      "joinTrip",
      "createRecoveryLink",
      "rotateInviteLink",
      "createShareLink",
      "createHelpLink",
      "createDeviceLink",
      "renewPersonalLink",
    ]) {
      expect(TOOLS.has(name), name).toBe(false);
    }
    expect(
      [...TOOLS.values()].filter((a) => a.definition.effect === "credential").map((a) => a.definition.name),
    ).toEqual([]);
  });
});

/** Paths of object properties (at any depth) that carry no description. */
function undescribed(schema: unknown, path: string): string[] {
  if (!schema || typeof schema !== "object") return [];
  const node = schema as Record<string, unknown>;
  const out: string[] = [];
  if (node.properties && typeof node.properties === "object") {
    for (const [key, value] of Object.entries(node.properties as Record<string, Record<string, unknown>>)) {
      if (typeof value?.description !== "string" || value.description.length < 3) out.push(`${path}.${key}`);
      out.push(...undescribed(value, `${path}.${key}`));
    }
  }
  for (const key of ["items", "anyOf", "oneOf", "allOf"]) {
    const child = node[key];
    if (Array.isArray(child)) {
      for (const [i, c] of child.entries()) out.push(...undescribed(c, `${path}[${i}]`));
    } else if (child) out.push(...undescribed(child, path));
  }
  return out;
}
