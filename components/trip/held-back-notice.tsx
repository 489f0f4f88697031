import { type MemberName, nameOf } from "@/components/dashboard/layout-math";
import { FormMessage } from "@/components/ui/field";
import type { HeldBack } from "@/lib/screened-answers";

/**
 * What was held back because it reads as instructions (lib/screened-answers.ts): the
 * viewer's own words with why, so they can change them; for the organizer, whose answer
 * and which one — never another member's words (the view never sends them).
 */
export function HeldBackNotice({
  heldBack,
  viewerId,
  members,
}: {
  heldBack: HeldBack[];
  viewerId: string;
  members: readonly MemberName[];
}) {
  const mine = heldBack.filter((h) => h.memberId === viewerId);
  const others = heldBack.filter((h) => h.memberId !== viewerId);
  if (mine.length === 0 && others.length === 0) return null;
  return (
    <div className="space-y-2">
      {mine.length > 0 ? (
        <FormMessage tone="info">
          <p className="font-medium">
            Some of what you wrote is held back: only you see it, and the planner doesn't read it.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {mine.map((h) => (
              <li key={h.id}>
                {h.text ? `Your ${h.what.replace(/^(a|the) /, "")} “${h.text}”` : `Your ${h.what}`}: {h.reason}.
              </li>
            ))}
          </ul>
        </FormMessage>
      ) : null}
      {others.length > 0 ? (
        <FormMessage tone="info">
          <p className="font-medium">Some members' answers are held back from the planner and the group:</p>
          <ul className="mt-1 list-disc pl-5">
            {others.map((h) => (
              <li key={h.id}>
                {nameOf(members, h.memberId)}: {h.what} ({h.reason}). Only they see the words.
              </li>
            ))}
          </ul>
        </FormMessage>
      ) : null}
    </div>
  );
}
