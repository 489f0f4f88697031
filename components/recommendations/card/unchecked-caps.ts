import { joinAnd, plural } from "@/lib/format";
import type { DestinationOption } from "@/lib/schemas/recommendations";

/**
 * "Fits everyone's budget" is claimed only when every hard cap was checked: while a capped
 * member's home isn't confirmed their travel is unknown, so the card says whose cap waits
 * (the organizer reads names; a member their own, and others' as a count).
 */
export function uncheckedCapsText(
  option: Pick<DestinationOption, "costs" | "othersCapsUnchecked">,
  viewer: { memberId: string; isOrganizer: boolean },
  nameOf: (memberId: string) => string,
): string | null {
  const unchecked = option.costs.filter((c) => c.capUnverifiable);
  if (viewer.isOrganizer) {
    if (unchecked.length === 0) return null;
    const names = joinAnd(unchecked.map((c) => nameOf(c.memberId)));
    return `${names}'s ${unchecked.length === 1 ? "cap" : "caps"} can't be checked until they confirm their home`;
  }
  const mine = unchecked.some((c) => c.memberId === viewer.memberId);
  const others = option.othersCapsUnchecked ?? 0;
  if (mine && others === 0) return "Your cap can't be checked until you confirm your home";
  if (mine) return `Your cap and ${plural(others, "other member")}'s can't be checked until homes are confirmed`;
  if (others > 0) return `${plural(others, "member")}'s cap can't be checked until they confirm their home`;
  return null;
}
