import "server-only";
import { aggregatePreferences } from "@/lib/agents/aggregation";
import type { Caller } from "@/lib/auth/guards";
import { listDecisions } from "@/lib/db/queries/decisions";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getPreferences, savePreferences } from "@/lib/db/queries/preferences";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/limits/rate";
import { resolutionsFor } from "@/lib/resolutions";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { type AnswerPatch, ApplyResolutionInput, UndoResolutionInput } from "@/lib/schemas/resolutions";
import { tripAction } from "./define";

/**
 * A member applies one of their own fixes to a conflict, or undoes it. Both change only
 * the caller's own answers (there is no way to name another member), through the form's
 * save with its optimistic concurrency, so every open view updates at once.
 */

export const applyResolution = tripAction({
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
