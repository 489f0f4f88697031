import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { loadDashboard } from "@/lib/dashboard";
import { getPreferences } from "@/lib/db/queries/preferences";
import { tripAllowance } from "@/lib/limits/budget";
import { MAX_REGENERATIONS } from "@/lib/schemas/itinerary";
import type { ToolSpec } from "./registry";

/**
 * Which tools need the person's yes: destructive and model-spending ones, saving answers
 * (with before → after), and an entry the assistant proposes for "What we've agreed". Which
 * tools a role gets is the registry's `toolsForRole` (the one role rule, scopes.ts).
 */

const ANSWERS = new Set(["savePreferences", "applyResolution", "undoResolution", "eraseMyAnswers"]);
const ALSO_ASK = new Set([...ANSWERS, "addContextEntry", "editContextEntry"]);

export function needsApproval(spec: Pick<ToolSpec, "name" | "effect">): boolean {
  return spec.effect === "destructive" || spec.effect === "spends-model" || ALSO_ASK.has(spec.name);
}

/** What the approval card says besides the tool's own description. */
export async function approvalReason(spec: ToolSpec, input: unknown, caller: Caller): Promise<string> {
  if (spec.effect === "spends-model") {
    const left = await tripAllowance({ tripId: caller.trip.id });
    const regenerations =
      spec.name === "regenerateItinerary"
        ? ` Regenerations left: ${Math.max(0, MAX_REGENERATIONS - caller.trip.regenerations)} of ${MAX_REGENERATIONS}.`
        : "";
    return `${spec.description} Left of today's AI allowance for this trip: ${left.calls} of ${left.totalCalls} model calls.${regenerations}`;
  }
  if (spec.name === "applyResolution") {
    const id = (input as { resolutionId?: string })?.resolutionId;
    const { fixes } = await loadDashboard(caller);
    const fix = fixes.resolutions.find((r) => r.id === id);
    if (fix)
      return `Changes your answers: ${fix.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join("; ")}.`;
  }
  if (spec.name === "savePreferences") {
    const before = (await getPreferences({ memberId: caller.member.id }))?.data as Record<string, unknown> | undefined;
    const after = ((input as { preferences?: Record<string, unknown> })?.preferences ?? {}) as Record<string, unknown>;
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before?.[k]));
    if (changed.length) {
      return `Changes your answers: ${changed
        .map((k) => `${k}: ${short(before?.[k])} → ${short(after[k])}`)
        .join("; ")}.`;
    }
  }
  return spec.description;
}

function short(value: unknown): string {
  const text = value === undefined || value === null ? "none" : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
