import { Badge } from "@/components/ui/badge";
import { joinAnd, plural } from "@/lib/format";
import type { DestinationOption } from "@/lib/schemas/recommendations";
import { uncheckedCapsText } from "./unchecked-caps";

/** A card's badges: chosen, whose budget it stretches (or can't check), verified, researched, the dates' state. */
export function CardBadges({
  option,
  chosen,
  viewer,
  nameOf,
  othersStretched,
  datesDecided,
}: {
  option: DestinationOption;
  chosen: boolean;
  viewer: { memberId: string; isOrganizer: boolean };
  nameOf: (memberId: string) => string;
  /** Members other than the viewer who go over their own budget here. */
  othersStretched: number;
  datesDecided: boolean;
}) {
  const mine = option.impactedMemberIds.includes(viewer.memberId);
  const unchecked = uncheckedCapsText(option, viewer, nameOf);
  const stretch = viewer.isOrganizer
    ? `Compromise: ${joinAnd(option.impactedMemberIds.map(nameOf))} stretch${option.impactedMemberIds.length === 1 ? "es" : ""}`
    : mine
      ? `Compromise: stretches your budget${othersStretched ? ` and ${plural(othersStretched, "other member")}'s` : ""}`
      : `Compromise: stretches ${plural(othersStretched, "member")}'s budget`;
  return (
    <div className="flex flex-wrap gap-1.5">
      {chosen ? <Badge>Chosen</Badge> : null}
      {option.mode === "compromise" ? (
        <Badge tone="warning">{stretch}</Badge>
      ) : unchecked || option.mode === "unchecked" ? (
        <Badge tone="warning">{unchecked ?? "A member's hard cap can't be checked yet"}</Badge>
      ) : (
        <Badge>Fits everyone's budget</Badge>
      )}
      {option.verified ? null : <Badge tone="warning">Unverified</Badge>}
      {option.researched ? <Badge>Researched for your group</Badge> : null}
      {datesDecided ? (
        <Badge>Dates decided</Badge>
      ) : option.trip.datesPending ? (
        <Badge tone="danger">Pending date resolution</Badge>
      ) : null}
    </div>
  );
}
