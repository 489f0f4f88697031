import type { FlightSearch, TravelerEssentials } from "@/lib/facts/essentials";
import type { DestinationOption } from "@/lib/schemas/recommendations";
import type { Budget } from "../cost-breakdown";
import { OptionActions } from "../option-actions";
import { CardBadges } from "./card-badges";
import { CardDetails } from "./card-details";
import { CardSummary } from "./card-summary";

/**
 * One recommended destination: its name and badges, then what a closed card says (when, the
 * cost, one line of why), "More about" it (costs, highlights, tradeoffs, where to stay and
 * getting around with the viewer's own flight search, confidence, sources), and the votes.
 */
export function DestinationCard({
  option,
  rank,
  nameOf,
  actions,
  chosen,
  viewer,
  budgets,
  othersStretched,
  beforeYouGo,
  decidedDates = null,
}: {
  option: DestinationOption;
  rank: number;
  nameOf: (memberId: string) => string;
  actions: Omit<Parameters<typeof OptionActions>[0], "slug" | "name"> | null;
  chosen: boolean;
  /** Who is looking: the option's costs are already cut to what they may see. */
  viewer: { memberId: string; isOrganizer: boolean };
  budgets: Record<string, Budget>;
  /** Members other than the viewer who go over their own budget here. */
  othersStretched: number;
  /** The destination's stay areas, transport and essentials, and the viewer's own flight search. */
  beforeYouGo?: { essentials: TravelerEssentials; flight: FlightSearch } | null;
  /** The organizer's decision on the dates, which holds over a card made before it. */
  decidedDates?: { start: string; end: string } | null;
}) {
  const headingId = `option-${option.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-2xl border bg-white p-3.5 shadow-sm sm:p-5 ${chosen ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
    >
      <header className="space-y-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          <span className="sr-only">Option {rank}: </span>
          <span aria-hidden className="mr-1.5 text-sm font-medium text-slate-500">
            {rank}.
          </span>
          {option.name}
          <span className="ml-2 text-sm font-normal text-slate-600">{option.country}</span>
        </h3>
        <CardBadges
          option={option}
          chosen={chosen}
          viewer={viewer}
          nameOf={nameOf}
          othersStretched={othersStretched}
          datesDecided={Boolean(decidedDates)}
        />
      </header>
      <CardSummary option={option} viewerId={viewer.memberId} budgets={budgets} decidedDates={decidedDates} />
      <CardDetails
        option={option}
        open={chosen}
        viewerId={viewer.memberId}
        nameOf={nameOf}
        budgets={budgets}
        beforeYouGo={beforeYouGo}
        datesDecided={Boolean(decidedDates)}
      />
      {actions ? (
        <footer className="mt-auto">
          <OptionActions {...actions} slug={option.slug} name={option.name} />
        </footer>
      ) : null}
    </article>
  );
}
