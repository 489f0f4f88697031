import "server-only";
import { z } from "zod";
import * as actions from "@/lib/actions";
import type { Action, ActionDefinition, ActionResult, Effect } from "@/lib/actions/define";
import { learnFrom } from "@/lib/ai/offline/understanding";
import type { RequestContext } from "@/lib/auth/session";
import { readAgreed } from "./context-reads";
import { readCosts } from "./costs-reads";
import { READ_ACTIONS } from "./reads";
import { roleAllows } from "./scopes";

/**
 * The one list the assistant's tools and the MCP endpoint are made from: every action in
 * lib/actions/index.ts (each a definition, lib/actions/define.ts) plus the reading tools
 * (./reads.ts), minus the exceptions below. A tool runs the action itself, so who may call
 * it, what its input may be, its limits and its messages are the action's own; the trip
 * comes from the context, never from the model.
 */

/**
 * Actions that are not tools, each with its reason. The assistant offers the page's button
 * instead. The parity test fails when an action is neither a tool nor listed here.
 */
export const NOT_TOOLS = {
  createTrip: "Sets this browser's sign-in cookie for a new trip; there is no trip yet to act in.",
  createDemoTrip: "Sets this browser's sign-in cookie for a new trip; there is no trip yet to act in.",
  joinTrip: "Holding the invite link is the permission to join; it sets the joiner's sign-in cookie.",
  createRecoveryLink: "Mints a link that signs in as the organizer: shown once, on the page, to the person.",
  rotateInviteLink: "Mints the trip's invite link, which tool outputs never carry.",
  createShareLink: "Mints the share link and keeps it in the organizer's browser cookie.",
  createHelpLink: "Mints a sign-in link for another member's device.",
  createDeviceLink: "Mints a sign-in link for another of the member's devices.",
  renewPersonalLink: "Mints the member's personal sign-in link.",
  createAiConnection: "Mints an AI connection's bearer token: made by the person on the trip page, shown once.",
  confirmHelpedDevice:
    "Only for a device awaiting proof (which can use nothing else), and it returns a new sign-in link.",
  startOverOnHelpedDevice:
    "Only for a device awaiting proof (which can use nothing else), and it returns a new sign-in link.",
} as const satisfies Partial<Record<keyof typeof actions, string>>;

export type ToolName = string;

// biome-ignore lint/suspicious/noExplicitAny: a registry holds actions of every result type.
type AnyAction = Action<any>;

/** Every action of lib/actions/index.ts, by its export name. */
export const ACTIONS: Record<string, AnyAction> = { ...actions };

/** The tools, by name: the actions that aren't exceptions, then the reading tools. */
export const TOOLS: ReadonlyMap<ToolName, AnyAction> = new Map(
  [
    ...Object.entries(ACTIONS).filter(([name]) => !(name in NOT_TOOLS)),
    ...Object.entries({ ...READ_ACTIONS, readAgreed, readCosts }),
  ].map(([name, action]) => [name, action as AnyAction]),
);

// The offline assistant learns what each tool is for from the same definitions Gemini is sent.
learnFrom([...TOOLS.values()].map((action) => action.definition));

/** MCP-style hints that follow from the effect (read-only, destructive, idempotent, open world). */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** Model-spending tools reach the outside world (the model, web research). */
  openWorldHint: boolean;
}

export interface ToolSpec {
  name: ToolName;
  description: string;
  effect: Effect;
  access: ActionDefinition["access"];
  /** JSON Schema of the action's input without the bound fields (the trip). */
  inputSchema: JsonSchemaObject;
  annotations: ToolAnnotations;
}

export type JsonSchemaObject = {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
};

/** The JSON Schema of an action's whole input, as callers would send it (defaults optional, limits kept). */
export function inputJsonSchema(definition: ActionDefinition): JsonSchemaObject {
  const schema = z.toJSONSchema(definition.input, { io: "input", unrepresentable: "any", target: "draft-2020-12" });
  if (schema.type !== "object" || typeof schema.properties !== "object") {
    throw new Error(`${definition.name}: its input isn't an object`);
  }
  return schema as JsonSchemaObject;
}

/** A definition as a tool: its input minus the fields the context binds, annotations from its effect. */
export function toolSpec(definition: ActionDefinition): ToolSpec {
  const { $schema: _, ...whole } = inputJsonSchema(definition);
  const bound = new Set<string>(definition.bound);
  const properties = Object.fromEntries(Object.entries(whole.properties).filter(([key]) => !bound.has(key)));
  const required = (whole.required ?? []).filter((key) => !bound.has(key));
  return {
    name: definition.name,
    description: definition.description,
    effect: definition.effect,
    access: definition.access,
    inputSchema: { ...whole, type: "object", properties, ...(required.length ? { required } : { required: [] }) },
    annotations: annotationsFor(definition),
  };
}

function annotationsFor(definition: ActionDefinition): ToolAnnotations {
  const { effect } = definition;
  return {
    title: titleOf(definition.name),
    readOnlyHint: effect === "read",
    destructiveHint: effect === "destructive" || effect === "credential",
    idempotentHint: effect === "read",
    openWorldHint: effect === "spends-model",
  };
}

/** "moveItineraryItem" → "Move itinerary item". */
export function titleOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The tools a member of this role may call: the role rule (`roleAllows`, scopes.ts) is the
 * one the pages and the MCP endpoint use. The assistant offers these; MCP narrows them by scope too.
 */
export function toolsForRole(isOrganizer: boolean): ToolSpec[] {
  return toolSpecs().filter((spec) => roleAllows(spec.access, isOrganizer));
}

/** The registry's specs, worked out once per process (a JSON Schema per action is not free). */
let specs: readonly ToolSpec[] | undefined;

/** Every tool's spec, in the registry's order. */
export function toolSpecs(): ToolSpec[] {
  specs ??= [...TOOLS.values()].map((action) => toolSpec(action.definition));
  return [...specs];
}

/**
 * Runs a tool: the action itself, with the trip from the context (a `tripId` in the
 * arguments is ignored: the model can't point a tool at another trip). Unknown tools and
 * arguments that aren't an object are refused like bad input.
 */
export async function runTool(
  name: string,
  args: unknown,
  { ctx, tripId }: { ctx: RequestContext; tripId: string },
): Promise<ActionResult<unknown>> {
  const action = TOOLS.get(name);
  if (!action) return { ok: false, code: "not_found:tool", message: `There is no tool called "${name}".` };
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args))) {
    return { ok: false, code: "invalid:input", message: "A tool's arguments are an object of its fields." };
  }
  const given = { ...(args as Record<string, unknown> | undefined) };
  for (const field of action.definition.bound) delete given[field];
  return action(ctx, { ...given, ...(action.definition.bound.includes("tripId") ? { tripId } : {}) });
}
