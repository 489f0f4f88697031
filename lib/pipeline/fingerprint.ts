import { createHash } from "node:crypto";
import type { MemberPreferences } from "@/lib/schemas/preferences";

/**
 * Identifies the group's answers: who is in the trip and what each said. Stored with
 * every pack; when it no longer matches, the dashboard says the recommendations are stale.
 * A field added later is left out while it holds its default (no suggested place), so
 * answers saved before it existed fingerprint as they did, and packs made from them
 * aren't called stale just because the app learned a new question.
 */
export function preferencesFingerprint(members: { id: string; preferences: MemberPreferences | null }[]): string {
  const canonical = [...members].sort((a, b) => a.id.localeCompare(b.id)).map((m) => [m.id, asBefore(m.preferences)]);
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex").slice(0, 32);
}

function asBefore(preferences: MemberPreferences | null): unknown {
  if (preferences === null) return null;
  // A budget in whole US dollars is written as budgets were before currencies, so plans made then aren't stale.
  const b = preferences.budget;
  const budget =
    b && b.currency === "USD" && b.minAmount % 100 === 0 && b.maxAmount % 100 === 0
      ? { min: b.minAmount / 100, max: b.maxAmount / 100, hardLimit: b.hardLimit }
      : b;
  const withBudget = { ...preferences, budget };
  if (preferences.suggestedPlace !== "") return withBudget;
  const { suggestedPlace: _none, ...rest } = withBudget;
  return rest;
}
