import { Card, EmptyState } from "@/components/ui/card";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { plural } from "@/lib/format";
import type { RecommendationsView } from "@/lib/views/recommendations";
import { DecidedNote } from "../decided-note";
import { DecisionLog } from "../decision-log";
import { Exclusions } from "../exclusions";
import { LiveRecommendationsRun, UnlessRunning } from "../live-run";
import { GenerateAction, GenerationFailure } from "./generate-action";
import { PackOptions } from "./options";
import { PackHeadline } from "./pack-headline";

/**
 * Flow A on the dashboard: generate (organizer), watch the live timeline, then read,
 * vote on and choose among the destination cards; conflicts stated plainly, a stale
 * notice when answers changed, and the decision log.
 */
export function RecommendationsSection({
  tripId,
  view,
  isOrganizer,
  canGenerate,
  organizerAnswered,
  members,
  settled = false,
}: {
  tripId: string;
  view: RecommendationsView;
  isOrganizer: boolean;
  canGenerate: boolean;
  /** Generate needs at least the organizer's own answers (the action refuses without them too). */
  organizerAnswered: boolean;
  members: { id: string; name: string }[];
  /** A destination is chosen: the ideas are a record now, one line until opened (on a phone). */
  settled?: boolean;
}) {
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? "Someone";
  const running = view.run?.status === "running";
  const failed = view.run?.status === "failed" ? view.run.error : null;
  const { current } = view;

  const body = (
    <div className="space-y-4 sm:space-y-5">
      {current || running ? <DecidedNote decisions={view.decisions} /> : null}
      <LiveRecommendationsRun
        serverRun={view.run}
        members={members}
        viewer={view.viewer}
        budgets={view.budgets}
        beforeYouGo={view.beforeYouGo}
      />
      {failed && !running ? (
        <GenerationFailure tripId={tripId} error={failed} isOrganizer={isOrganizer} unavailable={view.modelRefusal} />
      ) : null}
      {!current && !running && !failed ? (
        <UnlessRunning>
          <EmptyState title="No recommendations yet">
            {isOrganizer
              ? "When enough people have answered, generate recommendations. Everyone can watch it work and vote on the results."
              : "The organizer will generate recommendations once enough people have answered. You'll be able to vote here."}
          </EmptyState>
        </UnlessRunning>
      ) : null}
      {current ? (
        <>
          <PackHeadline current={current} viewerId={view.viewer.memberId} isOrganizer={isOrganizer} nameOf={nameOf} />
          <PackOptions tripId={tripId} view={view} current={current} isOrganizer={isOrganizer} nameOf={nameOf} />
          <Exclusions
            excluded={current.pack.excluded}
            suggestions={current.pack.suggestions}
            nameOf={nameOf}
            viewerId={view.viewer.memberId}
          />
          <DecisionLog entries={current.decisionLog} />
        </>
      ) : null}
    </div>
  );
  if (settled) {
    const options = current?.pack.options ?? [];
    const chosen = options.find((o) => o.slug === view.selected)?.name;
    return (
      <CollapsibleCard
        title="Destination ideas"
        summary={chosen ? `Chosen: ${chosen}, from ${plural(options.length, "idea")}.` : plural(options.length, "idea")}
      >
        {body}
      </CollapsibleCard>
    );
  }
  return (
    <Card
      title="Destination ideas"
      description={
        <span className="hidden sm:inline">
          3–5 places that respect everyone's hard constraints, with honest tradeoffs.
        </span>
      }
      action={
        isOrganizer && canGenerate && !running ? (
          <GenerateAction tripId={tripId} view={view} organizerAnswered={organizerAnswered} />
        ) : null
      }
    >
      {body}
    </Card>
  );
}
