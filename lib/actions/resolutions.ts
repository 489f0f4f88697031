import "server-only";
import { aggregatePreferences } from "@/lib/agents/aggregation";
import type { Caller } from "@/lib/auth/guards";
import { listDecisions } from "@/lib/db/queries/decisions";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getPreferences, savePreferences } from "@/lib/db/queries/preferences";
import { declineRequest, saveRequest } from "@/lib/db/queries/requests";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/limits/rate";
import { resolutionsFor } from "@/lib/resolutions";
import { MemberPreferences } from "@/lib/schemas/preferences";
import {
  type AnswerPatch,
  ApplyResolutionInput,
  AskMemberInput,
  DeclineRequestInput,
  UndoResolutionInput,
} from "@/lib/schemas/resolutions";
import { tripAction } from "./define";

/**
 * A member applies one of their own fixes to a conflict, or undoes it. Both change only
 * the caller's own answers (there is no way to name another member), through the form's
 * save with its optimistic concurrency, so every open view updates at once.
 */

export const applyResolution = tripAction({
  name: "applyResolution",
  description: "Apply one of my own fixes to a conflict: it changes only my own answers, from the version I saw.",
  effect: "write",
  access: "member",
  input: ApplyResolutionInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    const [members, decisions] = await Promise.all([
      listMembersWithPreferences({ tripId: caller.trip.id }),
      listDecisions({ tripId: caller.trip.id }),
    ]);
    const own = members.find((m) => m.id === caller.member.id)?.preferences ?? null;
    // Judged against the answers as they are now: a fix someone else's change made moot is refused.
    const fix = resolutionsFor(aggregatePreferences(members, decisions), caller.member.id, own).find(
      (r) => r.id === input.resolutionId,
    );
    if (!fix || !own) {
      throw new AppError(
        "conflict:resolution",
        "That fix no longer applies: the group's answers changed since you opened the page. The conflicts shown now are up to date.",
      );
    }
    const saved = await changeOwnAnswers(caller, fix.after, input.expectedVersion);
    return { version: saved.version, before: fix.before, label: fix.label };
  },
});

export const undoResolution = tripAction({
  name: "undoResolution",
  description: "Put back my answers as they were before a fix I applied.",
  effect: "write",
  access: "member",
  input: UndoResolutionInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    return changeOwnAnswers(caller, input.before, input.expectedVersion);
  },
});

async function changeOwnAnswers(caller: Caller, patch: AnswerPatch, expectedVersion: number) {
  const current = await getPreferences({ memberId: caller.member.id });
  if (!current) throw new AppError("conflict:resolution", "Answer the questions first.");
  if (current.version !== expectedVersion) {
    throw new AppError(
      "conflict:preferences",
      "Your answers were changed somewhere else (another tab or device) since you opened this page. Nothing was changed; the page now shows the latest.",
    );
  }
  const next = MemberPreferences.safeParse({ ...current.data, ...patch });
  if (!next.success) throw new AppError("invalid:input", "That change doesn't fit your other answers.");
  return savePreferences({
    tripId: caller.trip.id,
    memberId: caller.member.id,
    data: next.data,
    expectedVersion,
  });
}

/**
 * The organizer asks a member to look at a conflict: only one the member can fix with their
 * own answers (nobody can change them for the member). The request shows on the member's
 * dashboard until the conflict asks nothing more of them, or they decline.
 */
export const askMemberToResolve = tripAction({
  name: "askMemberToResolve",
  description:
    "The organizer asks a member to look at a conflict only that member's own answers can fix; it shows on their dashboard.",
  effect: "write",
  access: "organizer",
  input: AskMemberInput,
  async run({ input, caller }) {
    const members = await listMembersWithPreferences({ tripId: caller.trip.id });
    const asked = members.find((m) => m.id === input.memberId);
    if (!asked) throw new AppError("not_found:member", "That person isn't in this trip.");
    if (asked.id === caller.member.id)
      throw new AppError("invalid:input", "Apply your own fix instead of asking yourself.");
    const decisions = await listDecisions({ tripId: caller.trip.id });
    const fixes = resolutionsFor(aggregatePreferences(members, decisions), asked.id, asked.preferences);
    if (!fixes.some((f) => f.conflict === input.conflict)) {
      throw new AppError(
        "conflict:resolution",
        `${asked.name}'s answers can't fix that conflict any more: the conflicts shown now are up to date.`,
      );
    }
    await saveRequest({ tripId: caller.trip.id, memberId: asked.id, conflict: input.conflict });
    return { memberId: asked.id, conflict: input.conflict };
  },
});

export const declineResolutionRequest = tripAction({
  name: "declineResolutionRequest",
  description: "Decline the organizer's request to change my answers for a conflict.",
  effect: "write",
  access: "member",
  input: DeclineRequestInput,
  async run({ input, caller }) {
    const [members, decisions] = await Promise.all([
      listMembersWithPreferences({ tripId: caller.trip.id }),
      listDecisions({ tripId: caller.trip.id }),
    ]);
    const own = members.find((m) => m.id === caller.member.id)?.preferences ?? null;
    const fixes = resolutionsFor(aggregatePreferences(members, decisions), caller.member.id, own);
    if (!fixes.some((f) => f.conflict === input.conflict)) {
      throw new AppError("conflict:resolution", "Your answers already fix your part of that conflict.");
    }
    const declined = await declineRequest({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      conflict: input.conflict,
    });
    if (!declined) throw new AppError("not_found:request", "Nobody asked you about that.");
    return { conflict: input.conflict };
  },
});
