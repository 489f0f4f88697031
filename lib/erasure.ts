import type { Itinerary } from "@/lib/schemas/itinerary";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * What erasing a member's answers takes out of outputs already made from them: every
 * figure computed for that member alone (their own cost, line by line — which tells
 * where they travel from, at what tier, and by how much they stretch their budget — and
 * their way back under it) and every place that attributes a constraint or a tradeoff to
 * them. Group-level figures (ranges, counts) stay: they describe the plan, not the person.
 * Who had answered when a pack was made (its coverage) stays too, so it says what it was
 * made with.
 */

export function itineraryWithoutMember(plan: Itinerary, memberId: string, feedbackIds: string[] = []): Itinerary {
  const other = (id: string) => id !== memberId;
  return {
    ...plan,
    // A member who leaves takes their flags and suggestions with them, and what became of them.
    feedback: plan.feedback.filter((f) => !feedbackIds.includes(f.feedbackId)),
    costs: plan.costs.filter((c) => other(c.memberId)),
    impactedMemberIds: plan.impactedMemberIds.filter(other),
    stretches: plan.stretches.filter((s) => other(s.memberId)),
  };
}

export function packWithoutMember(pack: RecommendationsPack, memberId: string): RecommendationsPack {
  const other = (id: string) => id !== memberId;
  return {
    ...pack,
    conflictReport: {
      ...pack.conflictReport,
      conflicts: pack.conflictReport.conflicts.map((c) => ({ ...c, memberIds: c.memberIds.filter(other) })),
      questions: pack.conflictReport.questions.map((q) => (q.memberId === memberId ? { ...q, memberId: null } : q)),
    },
    flaggedMemberIds: pack.flaggedMemberIds.filter(other),
    unverifiedOriginIds: pack.unverifiedOriginIds.filter(other),
    excluded: pack.excluded.map((e) => ({
      ...e,
      reasons: e.reasons.map((r) => (r.memberId === memberId ? { ...r, memberId: null } : r)),
    })),
    // A place only they suggested was their answer, in their words: it goes with them.
    suggestions: pack.suggestions
      .map((x) => ({ ...x, memberIds: x.memberIds.filter(other) }))
      .filter((x) => x.memberIds.length > 0),
    options: pack.options.map((o) => ({
      ...o,
      costs: o.costs.filter((c) => other(c.memberId)),
      tradeoffs: o.tradeoffs.map((t) => ({ ...t, memberIds: t.memberIds.filter(other) })),
      impactedMemberIds: o.impactedMemberIds.filter(other),
      homeMemberIds: o.homeMemberIds.filter(other),
    })),
  } as RecommendationsPack;
}

/**
 * For a stored payload an older version of the app wrote (it no longer parses): every
 * array loses the member's id and every object that names them as `memberId`.
 */
export function jsonWithoutMember(value: unknown, memberId: string): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((v) => v !== memberId && !(isRecord(v) && v.memberId === memberId))
      .map((v) => jsonWithoutMember(v, memberId));
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonWithoutMember(v, memberId)]));
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A member who leaves takes their name out of the text made while they were in: every
 * string in `value` with `name` as a whole word (case as written, not inside another word:
 * "Ann" leaves "Anne" and "annual" alone) replaced by `replacement`. Generated prose names
 * members ("Bangkok gives Olga great food and Sam a big city"); after leaving, it says
 * "…and Someone a big city". Keys are kept as they are.
 */
export function jsonWithoutName(value: unknown, name: string, replacement = "Someone"): unknown {
  const trimmed = name.trim();
  if (!trimmed) return value;
  const escaped = trimmed.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu");
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v.replace(word, replacement);
    if (Array.isArray(v)) return v.map(walk);
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}
