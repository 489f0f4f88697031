import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { getPreferences } from "@/lib/db/queries/preferences";
import { tripAllowance } from "@/lib/limits/budget";
import { formatBudget, parseMoneyText } from "@/lib/money/budget";
import { MAX_REGENERATIONS } from "@/lib/schemas/itinerary";
import { loadDashboard } from "@/lib/views/dashboard";
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
    if (changed.length) return `${changed.map((k) => answerChange(k, before?.[k], after[k])).join(". ")}.`;
  }
  if (spec.name === "addContextEntry" || spec.name === "editContextEntry") {
    const entry = input as { kind?: string; text?: string };
    const kind = ENTRY_KINDS[entry.kind ?? ""] ?? "an entry";
    return `Add to "What we've agreed", as ${kind}: "${entry.text ?? ""}". Everyone on the trip sees it.`;
  }
  if (spec.name === "removeMember") {
    const id = (input as { memberId?: string })?.memberId;
    const { members } = await loadDashboard(caller);
    const name = members.find((m) => m.id === id)?.name;
    if (name) return `Remove ${name} from the trip: what they put in it (answers, votes, flags) is erased.`;
  }
  return spec.description;
}

const ENTRY_KINDS: Record<string, string> = {
  decided: "something the group decided",
  preference: "a preference",
  booking: "a booking",
  "open-question": "an open question",
};

/** One changed answer in words: "Add vegan to your diets", "Your budget's most: $3,000 → $2,000". */
function answerChange(field: string, before: unknown, after: unknown): string {
  if (Array.isArray(after)) {
    const was = new Set(Array.isArray(before) ? before.map(String) : []);
    const now = new Set(after.map(String));
    const added = [...now].filter((v) => !was.has(v)).map(words);
    const removed = [...was].filter((v) => !now.has(v)).map(words);
    const label = FIELD_WORDS[field] ?? words(field);
    return [
      ...(added.length ? [`Add ${added.join(", ")} to your ${label}`] : []),
      ...(removed.length ? [`Take ${removed.join(", ")} out of your ${label}`] : []),
    ].join(". ");
  }
  if (field === "budget") return `Your budget's most: ${money(before, "maxAmount")} → ${money(after, "maxAmount")}`;
  return `Your ${FIELD_WORDS[field] ?? words(field)}: ${plainValue(before)} → ${plainValue(after)}`;
}

const FIELD_WORDS: Record<string, string> = { dietary: "diets", interests: "interests", hardNos: "hard no's" };

function words(value: string): string {
  return value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/-/g, " ")
    .toLowerCase();
}

/** A budget's most, stored (minor units) or as typed ("2000", "€1,200"), in its currency. */
function money(budget: unknown, stored: "maxAmount"): string {
  const b = (budget ?? {}) as { currency?: string; max?: string | number; maxAmount?: number };
  const currency = b.currency ?? "USD";
  if (b.max !== undefined) {
    const parsed = parseMoneyText(b.max, currency);
    return parsed.ok ? formatBudget(parsed.money) : String(b.max);
  }
  return typeof b[stored] === "number" ? formatBudget({ amount: b[stored], currency }) : "none";
}

function plainValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "none";
  if (typeof value === "object") return "changed";
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
