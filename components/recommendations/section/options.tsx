import { FormMessage } from "@/components/ui/field";
import type { RecommendationsView } from "@/lib/views/recommendations";
import { CardRow } from "../card/card-row";
import { DestinationCard } from "../card/destination-card";
import { decidedDatesOf } from "../decided-note";
import { VotingSummary } from "../voting-summary";

type Current = NonNullable<RecommendationsView["current"]>;

/** The ideas to vote on and choose from: the votes so far and a card per place; or what the planner still needs. */
export function PackOptions({
  tripId,
  view,
  current,
  isOrganizer,
  nameOf,
}: {
  tripId: string;
  view: RecommendationsView;
  current: Current;
  isOrganizer: boolean;
  nameOf: (memberId: string) => string;
}) {
  const { pack } = current;
  if (pack.status === "needs_more_input") {
    return (
      <div className="space-y-2">
        <FormMessage tone="error">{pack.explanation}</FormMessage>
        {pack.conflictReport.questions.length ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">What we need to know</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {pack.conflictReport.questions.map((q) => (
                <li key={q.question}>{q.question}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    );
  }
  const decidedDates = decidedDatesOf(view.decisions);
  return (
    <>
      <VotingSummary
        recommendationId={current.id}
        voting={current.voting}
        chosen={pack.options.find((o) => o.slug === view.selected)?.name ?? null}
      />
      <CardRow label={`The ${pack.options.length} ideas, side by side: swipe for the next one`}>
        {pack.options.map((option, i) => (
          <DestinationCard
            key={option.slug}
            option={option}
            rank={i + 1}
            nameOf={nameOf}
            chosen={view.selected === option.slug}
            viewer={view.viewer}
            budgets={view.budgets}
            othersStretched={current.othersStretched[option.slug] ?? 0}
            beforeYouGo={view.beforeYouGo[option.slug]}
            decidedDates={decidedDates}
            actions={{
              tripId,
              recommendationId: current.id,
              votes: current.votes[option.slug] ?? 0,
              votedForThis: current.myVote === option.slug,
              votingOpen: current.voting.open,
              canChoose: isOrganizer && view.selected !== option.slug,
            }}
          />
        ))}
      </CardRow>
    </>
  );
}
