import { renderToStaticMarkup } from "react-dom/server";
import { DestinationCard } from "@/components/recommendations/card/destination-card";
import type { DestinationOption } from "@/lib/schemas/recommendations";

/** A destination card as its first member sees it (the organizer's view), server-rendered. */
export function renderCard(option: DestinationOption): string {
  return renderToStaticMarkup(
    <DestinationCard
      option={option}
      rank={1}
      nameOf={() => "Someone"}
      actions={null}
      chosen={false}
      viewer={{ memberId: option.costs[0]?.memberId ?? "", isOrganizer: true }}
      budgets={{}}
      othersStretched={0}
    />,
  );
}
