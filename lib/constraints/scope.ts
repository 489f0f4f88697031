import type { MemberConstraints } from "@/lib/constraints/member";
import { joinAnd } from "@/lib/format";
import type { HomeCountry } from "@/lib/places/home-country";
import type { Tradeoff } from "@/lib/schemas/recommendations";

/**
 * "In my country" and "Abroad", member by member. Each member's own country is where
 * they live (`homeCountryOf`), so "In my country" is the US for Dom in Denver and Iceland
 * for Siggi in Reykjavik. When the group agrees, a place outside someone's scope is ruled
 * out (lib/constraints/judge.ts); when the group is split, nobody's side is forced, and
 * every card that leaves a member out of their scope names them in a tradeoff
 * ("Outside Dom's country (US)"). A place that keeps everyone in scope — a domestic
 * member's country being abroad for the rest — ranks ahead.
 */

export type ScopeMiss = {
  memberId: string;
  name: string;
  wanted: "domestic" | "international";
  country: HomeCountry;
};

type ScopeMember = Pick<MemberConstraints, "memberId" | "name" | "scope" | "country">;

/**
 * The members a destination in `countryCode` leaves out of their own scope. An organizer's
 * decision replaces every member's answer (places against it are ruled out, not traded
 * off); a member whose country we don't know can't be judged.
 */
export function scopeMisses(
  countryCode: string,
  members: readonly ScopeMember[],
  decidedScope: "domestic" | "international" | null = null,
): ScopeMiss[] {
  if (decidedScope) return [];
  return members.flatMap((m) => {
    if (!m.country || m.scope === "either") return [];
    const home = m.country.code === countryCode;
    if ((m.scope === "domestic" && home) || (m.scope === "international" && !home)) return [];
    return [{ memberId: m.memberId, name: m.name, wanted: m.scope, country: m.country }];
  });
}

/** The group is split on scope: someone wants only their own country, someone only abroad. */
export function scopeSplit(members: readonly Pick<ScopeMember, "scope">[]): boolean {
  return members.some((m) => m.scope === "domestic") && members.some((m) => m.scope === "international");
}

/** A place that keeps every member with a scope wish in it: preferred when the group is split. */
export function suitsEverySide(
  countryCode: string,
  members: readonly ScopeMember[],
  decidedScope: "domestic" | "international" | null = null,
): boolean {
  return !decidedScope && scopeSplit(members) && scopeMisses(countryCode, members).length === 0;
}

/**
 * The tradeoff that names everyone a card leaves out of their scope ("Lisbon is outside
 * Dom's country (US)."), or null when it leaves nobody out. It names the place, so no two
 * cards share the sentence.
 */
export function scopeTradeoff(place: string, misses: readonly ScopeMiss[]): Tradeoff | null {
  if (misses.length === 0) return null;
  const home = misses.filter((m) => m.wanted === "domestic");
  const abroad = misses.filter((m) => m.wanted === "international");
  const clauses: string[] = [];
  if (home.length) clauses.push(`outside ${joinAnd(home.map((m) => `${m.name}'s country (${m.country.code})`))}`);
  if (abroad.length)
    clauses.push(`in ${joinAnd(abroad.map((m) => `${m.name}'s own country (${m.country.code})`))}, not abroad`);
  const summary = `${place} is ${clauses.join(", and ")}.`;
  return {
    summary:
      summary.length <= 300
        ? summary
        : `${place} is outside the scope these members asked for: ${joinAnd(misses.map((m) => m.name))}.`.slice(0, 300),
    memberIds: misses.map((m) => m.memberId),
  };
}
