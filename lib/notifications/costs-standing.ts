import "server-only";
import { boardFor } from "@/lib/costs-board";
import { readCosts } from "@/lib/costs-board-read";
import { costsStanding } from "@/lib/costs-standing";
import { getTrip } from "@/lib/db/queries/trips";

/**
 * The digest's line on a member's costs: what they owe or are owed, from the same board as
 * the Costs page (lib/costs-board.ts), in the trip's currency and their own. Null when they are
 * even, or the trip or the member is gone.
 */
export async function costsStandingOf({ tripId, memberId }: { tripId: string; memberId: string }) {
  const trip = await getTrip({ tripId });
  if (!trip) return null;
  const read = await readCosts(trip);
  if (!read.members.some((m) => m.id === memberId)) return null;
  const board = boardFor(read, memberId);
  return costsStanding(board.mine.balance, board);
}
