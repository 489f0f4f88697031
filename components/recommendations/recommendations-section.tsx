import { AlertTriangle, RefreshCw } from "lucide-react";
import Link from "next/link";
import { Card, EmptyState } from "@/components/ui/card";
import { FormMessage } from "@/components/ui/field";
import { joinAnd } from "@/lib/format";
import type { RecommendationsView } from "@/lib/recommendations-view";
import { DecidedNote, decidedDatesOf } from "./decided-note";
import { DecisionLog } from "./decision-log";
import { DestinationCard } from "./destination-card";
import { Exclusions } from "./exclusions";
import { GenerateButton } from "./generate-button";
import { LiveRecommendationsRun, UnlessRunning } from "./live-run";
import { fewFitHeadline, Openers, openerText } from "./openers";
import { VotingSummary } from "./voting-summary";

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
}: {
  tripId: string;
  view: RecommendationsView;
  isOrganizer: boolean;
  canGenerate: boolean;
  /** Generate needs at least the organizer's own answers (the action refuses without them too). */
  organizerAnswered: boolean;
  members: { id: string; name: string }[];
}) {
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? "Someone";
  const running = view.run?.status === "running";
  const failed = view.run?.status === "failed" ? view.run.error : null;
  const current = view.current;
  const pack = current?.pack;
  const openers = pack?.openers ?? [];
  // How many places fit everyone, when fewer than three do (none: the pack asks for changes instead).
  const fewFit =
    pack?.status === "ready"
      ? (pack.onlyFit ?? null)
      : pack && openers.length > 0 && pack.options.length === 0 && pack.conflictReport.needsMoreInput
        ? 0
        : null;
  const decidedDates = decidedDatesOf(view.decisions);

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
          organizerAnswered ? (
            <GenerateButton
              tripId={tripId}
              label={current ? "Regenerate" : "Generate recommendations"}
              unavailable={view.modelRefusal}
            />
          ) : (
            <p className="max-w-xs text-sm text-slate-700">
              <Link href={`/trips/${tripId}/preferences`} className="font-medium text-brand-700 underline">
                Add your own answers first
              </Link>{" "}
              — recommendations need at least the organizer's preferences.
            </p>
          )
        ) : null
      }
    >
      <div className="space-y-5">
        {current || running ? <DecidedNote decisions={view.decisions} /> : null}
        <LiveRecommendationsRun
          serverRun={view.run}
          members={members}
          viewer={view.viewer}
          budgets={view.budgets}
          beforeYouGo={view.beforeYouGo}
        />

        {failed && !running ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-medium">Generation stopped</p>
            <p>{failed.message}</p>
            {isOrganizer && failed.retryable ? (
              <div className="mt-2">
                <GenerateButton tripId={tripId} label="Try again" unavailable={view.modelRefusal} />
              </div>
            ) : null}
          </div>
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

        {current && pack ? (
          <>
            {current.stale ? (
              <div className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                <RefreshCw aria-hidden className="mt-0.5 size-4 shrink-0" />
                <p>
                  <span className="font-medium">These recommendations are stale.</span> Someone's preferences changed
                  after they were generated{isOrganizer ? "; regenerate to include the latest answers." : "."}
                </p>
              </div>
            ) : null}

            <div className="space-y-2">
              {/* When few places fit, the headline is the real blocker: the change that opens the most. */}
              {fewFit !== null ? (
                <p className="text-sm font-medium text-slate-900">
                  {fewFitHeadline(fewFit)}
                  {openers[0] ? ` The real blocker — ${openerText(openers[0], view.viewer.memberId, nameOf)}.` : ""}
                </p>
              ) : (
                <p className="text-sm text-slate-800">{pack.conflictReport.headline}</p>
              )}
              <Openers id="openers-pack" openers={openers} viewerId={view.viewer.memberId} nameOf={nameOf} />
              {pack.coverage.missing.length ? (
                <details className="text-sm text-slate-600">
                  <summary className="cursor-pointer">
                    <span className="font-medium">Confidence: {pack.coverage.confidence}</span> — why
                  </summary>
                  <p className="mt-1">{pack.coverage.missing.join(". ")}.</p>
                </details>
              ) : null}
              {pack.flaggedMemberIds.length ? (
                <p className="flex items-start gap-1 text-xs text-amber-800">
                  <AlertTriangle aria-hidden className="mt-0.5 size-3 shrink-0" />
                  {isOrganizer
                    ? `Some answers from ${joinAnd(pack.flaggedMemberIds.map(nameOf))} read like instructions to the AI, so we left them out of the planning (only you see who).`
                    : "Some of your answers read like instructions to the AI, so we left them out of the planning. Rephrase them as preferences and they will count next time."}
                </p>
              ) : null}
            </div>

            {pack.status === "needs_more_input" ? (
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
            ) : (
              <>
                <VotingSummary
                  recommendationId={current.id}
                  voting={current.voting}
                  chosen={pack.options.find((o) => o.slug === view.selected)?.name ?? null}
                />
                <div className="grid gap-3 md:grid-cols-2 md:gap-4 xl:grid-cols-3">
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
                </div>
              </>
            )}

            <Exclusions
              excluded={pack.excluded}
              suggestions={pack.suggestions}
              nameOf={nameOf}
              viewerId={view.viewer.memberId}
            />
            <DecisionLog entries={current.decisionLog} />
          </>
        ) : null}
      </div>
    </Card>
  );
}
