import "server-only";
import { z } from "zod";
import * as actions from "@/lib/actions";
import type { ActionResult } from "@/lib/actions/define";
import type { Caller } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { contextEntriesFor } from "@/lib/context-view";
import { loadDashboard } from "@/lib/dashboard";
import { insertUnmetRequest } from "@/lib/db/queries/assistant";
import { getPreferences } from "@/lib/db/queries/preferences";
import { UNMET_CATEGORIES } from "@/lib/db/schema";
import { loadItineraryView } from "@/lib/itinerary-view";
import { ContextKind } from "@/lib/schemas/context";
import { asData } from "./data";

/**
 * What the assistant can do, one spec per tool: the effect decides approval (destructive and
 * spends-model need the person's yes; saving a group agreement too), the access who gets the
 * tool at all. A write runs the product's own action with the person's request context, so
 * authorization, validation, limits and messages are the action's own.
 */

export type Effect = "read" | "write" | "destructive" | "spends-model";

export type ToolRun = { caller: Caller; ctx: RequestContext };

export type AssistantToolSpec = {
  name: string;
  description: string;
  effect: Effect;
  access: "member" | "organizer";
  /** Saving it needs the person's yes even when its effect is an ordinary write. */
  approval?: boolean;
  input: z.ZodType<Record<string, unknown>>;
  run(input: Record<string, unknown>, run: ToolRun): Promise<ActionResult<unknown>>;
};

const ok = <T>(data: T): ActionResult<T> => ({ ok: true, data });
const tripId = (r: ToolRun) => r.caller.trip.id;

const noInput = z.object({}).strict();

export const TOOL_SPECS: AssistantToolSpec[] = [
  {
    name: "read_trip",
    description: "The trip: name, stage, who has answered, the organizer's decisions, and what is next.",
    effect: "read",
    access: "member",
    input: noInput,
    async run(_input, r) {
      const d = await loadDashboard(r.caller);
      return ok({
        name: asData(d.trip.name),
        status: d.trip.status,
        you: { name: d.viewer.name, organizer: d.viewer.isOrganizer, answered: d.viewer.hasResponded },
        members: d.members.map((m) => ({ name: asData(m.name), answered: m.responded })),
        decisions: d.decisions.map((x) => ({ kind: x.kind, note: asData(x.note ?? "") })),
        conflicts: d.conflicts.length,
      });
    },
  },
  {
    name: "read_conflicts",
    description: "Where the group's answers disagree (dates, budget, scope…), with the fixes the caller can make.",
    effect: "read",
    access: "member",
    input: noInput,
    async run(_input, r) {
      const d = await loadDashboard(r.caller);
      return ok({
        conflicts: d.conflicts.map((c) => ({ kind: c.kind, severity: c.severity, summary: asData(c.summary) })),
        yourFixes: d.fixes.resolutions.map((f) => ({ conflict: f.conflict, label: asData(f.label) })),
      });
    },
  },
  {
    name: "read_my_answers",
    description: "The caller's own answers (never anyone else's).",
    effect: "read",
    access: "member",
    input: noInput,
    async run(_input, r) {
      const own = await getPreferences({ memberId: r.caller.member.id });
      if (!own) return ok({ answered: false });
      const p = own.data;
      return ok({
        answered: true,
        budget: p.budget,
        dates: p.dates,
        tripLength: p.tripLength,
        scope: p.scope,
        hardNos: p.hardNos.map(asData),
        notes: asData(p.notes ?? ""),
      });
    },
  },
  {
    name: "read_plan",
    description: "The current plan: destination, dates and each day's items (titles only).",
    effect: "read",
    access: "member",
    input: noInput,
    async run(_input, r) {
      if (!r.caller.trip.currentItineraryId) return ok({ plan: null, status: r.caller.trip.status });
      const view = await loadItineraryView(r.caller);
      const plan = view.current?.itinerary;
      return ok({
        destination: view.trip.destination?.name ?? null,
        dates: view.trip.dates,
        version: view.current?.version ?? null,
        days: (plan?.days ?? []).map((day) => ({
          date: day.date,
          items: day.items.map((i) => asData(i.title)),
        })),
        openFeedback: view.feedback.filter((f) => f.status === "open").length,
      });
    },
  },
  {
    name: "read_agreed",
    description: "\"What we've agreed\": the group's decided points, preferences, bookings and open questions.",
    effect: "read",
    access: "member",
    input: noInput,
    async run(_input, r) {
      const entries = await contextEntriesFor(r.caller);
      return ok({
        entries: entries.map((e) => ({ id: e.id, kind: e.kind, text: asData(e.text), by: asData(e.author) })),
      });
    },
  },
  {
    name: "add_agreed",
    description: 'Adds an entry to "What we\'ve agreed" (the person approves it first).',
    effect: "write",
    access: "member",
    approval: true,
    input: z
      .object({
        kind: ContextKind,
        text: z.string().max(300).describe("What the group agreed, one sentence"),
        why: z.string().max(300).optional().describe("Why, or where it came from"),
      })
      .strict(),
    run: (input, r) => actions.addContextEntry(r.ctx, { ...input, tripId: tripId(r), proposedByAssistant: true }),
  },
  {
    name: "delete_agreed",
    description: 'Deletes an entry of "What we\'ve agreed" (its author or the organizer; the person approves it).',
    effect: "destructive",
    access: "member",
    input: z.object({ entryId: z.uuid().describe("The entry's id from read_agreed") }).strict(),
    run: (input, r) => actions.deleteContextEntry(r.ctx, { ...input, tripId: tripId(r) }),
  },
  {
    name: "rename_trip",
    description: "Renames the trip (organizer).",
    effect: "write",
    access: "organizer",
    input: z.object({ name: z.string().max(80).describe("The new name") }).strict(),
    run: (input, r) =>
      actions.renameTrip(r.ctx, { tripId: tripId(r), name: input.name, description: r.caller.trip.description }),
  },
  {
    name: "generate_recommendations",
    description: "Starts destination recommendations for the group (organizer; uses today's AI allowance).",
    effect: "spends-model",
    access: "organizer",
    input: noInput,
    run: (_input, r) => actions.generateRecommendations(r.ctx, { tripId: tripId(r) }),
  },
  {
    name: "delete_trip",
    description: "Deletes the whole trip for everyone (organizer). The person types the trip's name in the card.",
    effect: "destructive",
    access: "organizer",
    input: noInput,
    // The name comes from the person's approval card, never from the model (see the route).
    run: (input, r) => actions.deleteTrip(r.ctx, { tripId: tripId(r), confirmName: String(input.confirmName ?? "") }),
  },
  {
    name: "record_unmet_request",
    description:
      "Records, in one line, a request no tool can do (booking, payments, messaging, outside data, account).",
    effect: "read",
    access: "member",
    input: z
      .object({
        summary: z.string().min(1).max(140).describe("The request in one line"),
        category: z.enum(UNMET_CATEGORIES).describe("What kind of thing was asked"),
      })
      .strict(),
    async run(input, r) {
      await insertUnmetRequest({
        tripId: tripId(r),
        memberId: r.caller.member.id,
        summary: String(input.summary),
        category: input.category as (typeof UNMET_CATEGORIES)[number],
      });
      return ok({ recorded: true });
    },
  },
];

export function needsApproval(spec: AssistantToolSpec): boolean {
  return spec.approval === true || spec.effect === "destructive" || spec.effect === "spends-model";
}

export function specsFor(caller: Caller): AssistantToolSpec[] {
  return TOOL_SPECS.filter((s) => s.access === "member" || caller.isOrganizer);
}
