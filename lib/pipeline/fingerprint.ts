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

function asBefore(preferences: MemberPreferences | null): Omit<MemberPreferences, "suggestedPlace"> | null {
  if (preferences?.suggestedPlace !== "") return preferences;
  const { suggestedPlace: _none, ...rest } = preferences;
  return rest;
}
