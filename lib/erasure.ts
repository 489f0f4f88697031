import { groupRange } from "@/lib/money/ledger";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { DestinationOption, RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * What erasing a member's answers takes out of outputs already made from them: every
 * figure computed for that member alone (their own cost, line by line — which tells
 * where they travel from, at what tier, and by how much they stretch their budget — and
 * their way back under it) and every place that attributes a constraint or a tradeoff to
 * them. Group-level figures (ranges, counts) stay: they describe the plan, not the person.
 * Who had answered when a pack was made (its coverage) stays too, so it says what it was
 * made with.
 */

/**
 * How far an erasure goes: `answers` (the member erased their answers and stays: figures
 * and attributions made from their answers go) or `member` (they left or were removed:
 * also every place their id says who they were, such as who had answered or was pending).
 */
export type ErasureScope = "answers" | "member";

export function itineraryWithoutMember(
  plan: Itinerary,
  memberId: string,
  feedbackIds: string[] = [],
  scope: ErasureScope = "answers",
): Itinerary {
  const other = (id: string) => id !== memberId;
  const costs = plan.costs.filter((c) => other(c.memberId));
  return {
    ...plan,
    // A member who leaves takes their flags and suggestions with them, and what became of them.
    feedback: plan.feedback.filter((f) => !feedbackIds.includes(f.feedbackId)),
    costs,
    // The spread of the members' totals: their total was one end of it.
    costRange: groupRange(costs),
    impactedMemberIds: plan.impactedMemberIds.filter(other),
    stretches: plan.stretches.filter((s) => other(s.memberId)),
    pendingMemberIds: scope === "member" ? plan.pendingMemberIds.filter(other) : plan.pendingMemberIds,
  };
}

/** One destination card without the member's cost sheet and attributions (packs and progress rows hold cards). */
export function optionWithoutMember(option: DestinationOption, memberId: string): DestinationOption {
  const other = (id: string) => id !== memberId;
  const costs = option.costs.filter((c) => other(c.memberId));
  // A tradeoff that landed on them alone is about them ("empty" would mean everyone): it goes, unless it is the last.
  const theirs = (t: DestinationOption["tradeoffs"][number]) =>
    t.memberIds.length > 0 && t.memberIds.every((id) => !other(id));
  const tradeoffs = option.tradeoffs.every(theirs) ? option.tradeoffs : option.tradeoffs.filter((t) => !theirs(t));
  return {
    ...option,
    costPerPerson: { ...option.costPerPerson, ...groupRange(costs) },
    costs,
    tradeoffs: tradeoffs.map((t) => ({ ...t, memberIds: t.memberIds.filter(other) })),
    impactedMemberIds: option.impactedMemberIds.filter(other),
    homeMemberIds: option.homeMemberIds.filter(other),
  };
}

export function packWithoutMember(
  pack: RecommendationsPack,
  memberId: string,
  scope: ErasureScope = "answers",
): RecommendationsPack {
  const other = (id: string) => id !== memberId;
  // A conflict they are part of is made of their answers (its words quote their dates and budget
  // figures), and a question to them is about their answers: both go. The budget conflict the
  // whole group is shown names nobody, but its figures are single members' bounds (maybe theirs):
  // it goes too. The headline summed them up.
  const theirs = (c: RecommendationsPack["conflictReport"]["conflicts"][number]) =>
    c.memberIds.includes(memberId) || (c.kind === "budget" && c.memberIds.length === 0);
  const conflicts = pack.conflictReport.conflicts.filter((c) => !theirs(c));
  const dropped = conflicts.length < pack.conflictReport.conflicts.length;
  return {
    ...pack,
    conflictReport: {
      ...pack.conflictReport,
      headline: dropped ? headlineWithout(conflicts.length) : pack.conflictReport.headline,
      conflicts,
      questions: pack.conflictReport.questions.filter((q) => q.memberId !== memberId),
    },
    // Who had answered stays while they are in the trip (it says what the pack was made with); a departed id goes.
    coverage:
      scope === "member"
        ? {
            ...pack.coverage,
            respondedIds: pack.coverage.respondedIds.filter(other),
            pendingIds: pack.coverage.pendingIds.filter(other),
          }
        : pack.coverage,
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
    options: pack.options.map((o) => optionWithoutMember(o, memberId)),
    // A change only they could make was about their answers (their cap, their hard no): it goes with them.
    openers: (pack.openers ?? []).filter((o) => o.memberId !== memberId),
  } as RecommendationsPack;
}

function headlineWithout(left: number): string {
  return left === 0
    ? "No conflicts left once someone's answers were erased."
    : `${left} conflict${left === 1 ? "" : "s"} when these ideas were made (someone's answers have been erased since).`;
}

/** Steps whose evidence quotes the group's answers (budget figures, a hard cap, conflicts' words). */
const EVIDENCE_FROM_ANSWERS = ["group-profile", "conflicts"];

/**
 * A run's decision log ("How we decided") without the member: entries of steps about them
 * alone (`normalize:<id>`, which summarise their answers) go, the evidence of steps that
 * quote everyone's answers goes, and the rest lose their id.
 */
export function decisionLogWithoutMember(log: unknown, memberId: string): unknown {
  if (!Array.isArray(log)) return jsonWithoutMember(log, memberId);
  const stepOf = (entry: unknown) => (isRecord(entry) && typeof entry.stepId === "string" ? entry.stepId : "");
  return jsonWithoutMember(
    log
      .filter((entry) => !stepOf(entry).includes(memberId))
      .map((entry) =>
        isRecord(entry) && EVIDENCE_FROM_ANSWERS.includes(stepOf(entry)) ? { ...entry, keyEvidence: [] } : entry,
      ),
    memberId,
  );
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
