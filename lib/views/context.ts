import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { listContextEntries } from "@/lib/db/queries/context";
import type { ContextEntryView } from "@/lib/schemas/context";
import { heldBackReason } from "@/lib/screened-answers";

/**
 * "What we've agreed" as `caller` sees it. Entries are member-written: one whose words read
 * as instructions (written before the door refused them) is shown to its author only.
 */
export async function contextEntriesFor(caller: Caller): Promise<ContextEntryView[]> {
  const rows = await listContextEntries({ tripId: caller.trip.id });
  return rows
    .filter(
      ({ entry }) =>
        entry.authorId === caller.member.id ||
        (heldBackReason(entry.text) === null && heldBackReason(entry.why ?? "") === null),
    )
    .map(({ entry, author }) => ({
      id: entry.id,
      kind: entry.kind,
      text: entry.text,
      why: entry.why,
      author,
      proposedByAssistant: entry.proposedByAssistant,
      canEdit: entry.authorId === caller.member.id || caller.isOrganizer,
      updatedAt: entry.updatedAt.toISOString(),
    }));
}
