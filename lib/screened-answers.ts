import { describeField, REASONS, screenedByRules, withholdFlagged } from "@/lib/agents/risk-guard";
import { screen } from "@/lib/agents/screening";
import { AppError } from "@/lib/errors";
import type { RawMember, SafetyFlag } from "@/lib/schemas/pipeline";

/**
 * DESIGN.md "A flagged note", at read time: every view built from members' answers (the
 * dashboard and its snapshot, the cards' "before you go", the plan page) reads them through
 * the risk guard's rules first, as the pipeline does, so text that reads as instructions is
 * never quoted to other members — also for answers saved before any run screened them. The
 * rules are pure and remember their verdicts, so this costs a lookup per text once seen.
 *
 * Who is told what: the author sees their own words and why they were held back; the
 * organizer sees whose answer and which field, never the words; other members nothing.
 */

export type HeldBack = {
  /** Stable per answer (member, field, entry): a list key. */
  id: string;
  memberId: string;
  /** Which answer, in words ("notes", "a hard no", "the trip's description"). */
  what: string;
  reason: string;
  /** The held-back words: only ever filled in for their author. */
  text: string | null;
};

/** Why `text` is held back from everyone but its author, or null when it may be shown. */
export function heldBackReason(text: string): string | null {
  const rule = text.trim() ? screen(text) : null;
  return rule ? REASONS[rule] : null;
}

/** A text the guard's model pass flagged in a run (lib/db/queries/held-back.ts): held back while the member keeps it. */
export type ModelFlagged = { memberId: string; field: SafetyFlag["field"]; text: string };

/**
 * The members' answers with every text the guard's rules flag withheld (a flagged name
 * becomes "Member n"), and every text its model pass flagged in the last run, as long as the
 * member's answer still says the same.
 */
export function screenAnswers<M extends RawMember>(
  members: M[],
  modelFlagged: ModelFlagged[] = [],
): { members: M[]; flags: SafetyFlag[] } {
  const { safetyFlags } = screenedByRules(members);
  const flags = [...safetyFlags];
  for (const known of modelFlagged) {
    const member = members.find((m) => m.id === known.memberId);
    if (!member) continue;
    for (const index of indexesOf(member, known)) {
      const flag: SafetyFlag = {
        memberId: member.id,
        field: known.field,
        ...(index === undefined ? {} : { index }),
        rule: "model-flagged",
        reason: REASONS["model-flagged"],
      };
      const already = flags.some((f) => f.memberId === flag.memberId && f.field === flag.field && f.index === index);
      if (!already) flags.push(flag);
    }
  }
  return { members: withholdFlagged(members, flags), flags };
}

/** Where `known.text` still stands in the member's answer: the entries of a list, or the field itself (undefined). */
function indexesOf(member: RawMember, known: ModelFlagged): (number | undefined)[] {
  const p = member.preferences;
  if (known.field === "name") return member.name === known.text ? [undefined] : [];
  if (!p) return [];
  if (known.field === "hardNos" || known.field === "mustHaves") {
    return p[known.field].flatMap((text, index) => (text === known.text ? [index] : []));
  }
  return p[known.field] === known.text ? [undefined] : [];
}

/**
 * What `viewer` is told about the held-back answers: the organizer every member's (words
 * only their own), a member only their own.
 */
export function heldBackFor(
  raw: RawMember[],
  flags: SafetyFlag[],
  viewer: { memberId: string; isOrganizer: boolean },
): HeldBack[] {
  return flags.flatMap((flag, i) => {
    const mine = flag.memberId === viewer.memberId;
    if (!mine && !viewer.isOrganizer) return [];
    // Without the words, two entries of one field read the same: the organizer is told once.
    const told = flags.slice(0, i).some((f) => f.memberId === flag.memberId && f.field === flag.field);
    if (!mine && told) return [];
    const author = raw.find((m) => m.id === flag.memberId);
    return [
      {
        id: `${flag.memberId}:${flag.field}:${flag.index ?? ""}`,
        memberId: flag.memberId,
        what: describeField(flag.field),
        reason: flag.reason,
        text: mine && author ? flaggedText(author, flag) : null,
      },
    ];
  });
}

function flaggedText(member: RawMember, flag: SafetyFlag): string | null {
  const p = member.preferences;
  if (flag.field === "name") return member.name;
  if (!p) return null;
  if (flag.field === "hardNos") return p.hardNos[flag.index ?? -1] ?? null;
  if (flag.field === "mustHaves") return p.mustHaves[flag.index ?? -1] ?? null;
  if (flag.field === "origin") return p.origin;
  return p[flag.field];
}

/**
 * At the door, for text the organizer writes for everyone (names, the trip's description, a
 * decision's note, an item of their own): refused with a field error when it reads as
 * instructions, so its author learns why at once. Reads screen again for rows saved before.
 */
export function refuseInstructions(fields: Record<string, string | undefined>, message: string): void {
  const flagged = Object.keys(fields).filter((field) => heldBackReason(fields[field] ?? "") !== null);
  if (flagged.length) {
    throw new AppError(
      "invalid:input",
      "Some fields need another look.",
      Object.fromEntries(flagged.map((field) => [field, message])),
    );
  }
}
