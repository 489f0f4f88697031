import { BeforeYouGoDisclosure } from "@/components/destination/before-you-go";
import { Badge } from "@/components/ui/badge";
import type { FlightSearch, TravelerEssentials } from "@/lib/facts/essentials";
import { joinAnd } from "@/lib/format";
import type { DestinationOption } from "@/lib/schemas/recommendations";
import { type Budget, CostBreakdown } from "../cost-breakdown";
import { WebResearch } from "../web-research";
import { Highlights, Researched, Sources, Tradeoffs, WhyItFits } from "./card-sections";

const CONFIDENCE: Record<DestinationOption["confidence"], string> = {
  high: "High confidence",
  medium: "Medium confidence",
  low: "Low confidence",
};

/** "More about …": the costs member by member, why it fits, highlights, tradeoffs, before you go, research, sources. */
export function CardDetails({
  option,
  open,
  viewerId,
  nameOf,
  budgets,
  beforeYouGo,
  datesDecided,
}: {
  option: DestinationOption;
  /** The chosen card starts open. */
  open: boolean;
  viewerId: string;
  nameOf: (memberId: string) => string;
  budgets: Record<string, Budget>;
  beforeYouGo?: { essentials: TravelerEssentials; flight: FlightSearch } | null;
  datesDecided: boolean;
}) {
  const { trip } = option;
  const homes = option.homeMemberIds;
  return (
    <details className="group space-y-4" open={open}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        More about {option.name}
        <span className="sr-only">: costs, highlights, tradeoffs, where to stay and sources</span>
      </summary>
      <div className="mt-3 space-y-4">
        <div className="space-y-2">
          <Badge tone={option.confidence === "low" ? "warning" : "neutral"}>{CONFIDENCE[option.confidence]}</Badge>
          {trip.datesPending && trip.start && !datesDecided ? (
            <p className="text-xs text-slate-600">Not everyone can make these dates yet.</p>
          ) : null}
          {trip.lengthNote ? <p className="text-xs text-slate-600">{trip.lengthNote}.</p> : null}
          <p className="text-xs text-slate-600">
            Each member's own total: {option.costPerPerson.includes.join(", ")}.
            {homes.length
              ? ` ${joinAnd(homes.map((id) => (id === viewerId ? "You" : nameOf(id))))} ${
                  homes.length === 1 && homes[0] !== viewerId ? "lives" : "live"
                } here: no travel to pay.`
              : ""}
          </p>
          <CostBreakdown costs={option.costs} budgets={budgets} nameOf={nameOf} viewerId={viewerId} />
        </div>
        <WhyItFits option={option} />
        <Highlights option={option} />
        <Tradeoffs option={option} />
        {beforeYouGo ? (
          <BeforeYouGoDisclosure
            essentials={beforeYouGo.essentials}
            flight={beforeYouGo.flight}
            dates={{ start: trip.start, end: trip.end }}
          />
        ) : null}
        {option.web ? <WebResearch research={option.web} name={option.name} /> : null}
        <Researched option={option} />
        <Sources option={option} />
      </div>
    </details>
  );
}
