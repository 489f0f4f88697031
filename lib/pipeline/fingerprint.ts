import { createHash } from "node:crypto";
import type { MemberPreferences } from "@/lib/schemas/preferences";

/**
 * Identifies the group's answers: who is in the trip and what each said. Stored with
 * every pack; when it no longer matches, the dashboard says the recommendations are stale.
 */
export function preferencesFingerprint(members: { id: string; preferences: MemberPreferences | null }[]): string {
  const canonical = [...members].sort((a, b) => a.id.localeCompare(b.id)).map((m) => [m.id, m.preferences]);
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex").slice(0, 32);
}
