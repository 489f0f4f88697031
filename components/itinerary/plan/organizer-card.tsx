import { AlertTriangle } from "lucide-react";
import { DatesForm } from "@/components/itinerary/dates-form";
import { PlanButton } from "@/components/itinerary/plan-button";
import { decidedDatesOf } from "@/components/recommendations/decided-note";
import { ShareLinkCard } from "@/components/share/share-link-card";
import { Card } from "@/components/ui/card";
import { FormMessage } from "@/components/ui/field";
import type { Unavailable } from "@/components/ui/unavailable-note";
import { formatDay, formatRange, plural } from "@/lib/format";
import type { ItineraryView } from "@/lib/views/itinerary";

type ShareLinkState =
  | { state: "none" }
  | { state: "here"; path: string }
  | { state: "elsewhere"; createdAt: Date | null };

/**
 * The organizer's plan-wide controls: the dates, generate / regenerate (with why it can't
 * work now, when it can't), finalize or reopen, choose another destination, what changed
 * answers now break, and the share link. Only the organizer sees it.
 */
export function OrganizerCard({
  view,
  link,
  regenerateUnavailable,
  openFeedback,
}: {
  view: ItineraryView;
  link: ShareLinkState | null;
  regenerateUnavailable: Unavailable | null;
  openFeedback: number;
}) {
  const { trip, current } = view;
  const planning = trip.status === "planning";
  const finalized = trip.status === "finalized";
  const running = view.run?.status === "running";
  const regenerationsLeft = view.regenerations.max - view.regenerations.used;
  return (
    <Card title="Organizer" description="Only you see these controls.">
      <div className="space-y-5">
        <DatesSection view={view} />
        {trip.dates ? (
          <div className="flex flex-wrap items-start gap-3">
            {planning && !current && !running ? (
              <PlanButton
                does="generate"
                input={{ tripId: trip.id }}
                label="Generate itinerary"
                variant="primary"
                pendingLabel="Starting…"
                unavailable={view.modelRefusal}
              />
            ) : null}
            {planning && current && !running ? (
              <div className="space-y-1">
                <PlanButton
                  does="regenerate"
                  input={{ tripId: trip.id }}
                  label={`Regenerate with feedback (${plural(openFeedback, "open item")})`}
                  variant={openFeedback > 0 ? "primary" : "secondary"}
                  pendingLabel="Starting…"
                  unavailable={regenerateUnavailable}
                />
                {regenerationsLeft > 0 ? (
                  <p className="text-xs text-slate-600">
                    {view.regenerations.used} of {view.regenerations.max} regenerations used.
                  </p>
                ) : null}
              </div>
            ) : null}
            {planning && current && !running ? (
              <PlanButton does="finalize" input={{ tripId: trip.id }} label="Finalize the plan" />
            ) : null}
            {finalized ? <PlanButton does="reopen" input={{ tripId: trip.id }} label="Reopen the plan" /> : null}
            {planning && !running ? (
              <PlanButton
                does="reopenDestination"
                input={{ tripId: trip.id }}
                label="Choose another destination"
                variant="ghost"
              />
            ) : null}
          </div>
        ) : null}
        {view.breaks && view.breaks.length > 0 ? (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="flex items-center gap-1 font-medium">
              <AlertTriangle aria-hidden className="size-4" />
              Answers changed since this plan was made, and it now breaks:
            </p>
            <ul className="mt-1 list-disc pl-5">
              {view.breaks.map((b) => (
                <li key={b.message}>{b.message}</li>
              ))}
            </ul>
            <p className="mt-2">
              Fix it by hand below, or plan again with everyone's current answers (locked items stay). No feedback
              caused this, so it doesn't use one of the group's regenerations.
            </p>
            {planning && !running ? (
              <div className="mt-2">
                <PlanButton
                  does="replan"
                  input={{ tripId: trip.id }}
                  label="Plan again with the new answers"
                  pendingLabel="Starting…"
                  unavailable={view.modelRefusal}
                />
              </div>
            ) : null}
          </div>
        ) : null}
        {link ? (
          <ShareLinkCard
            tripId={trip.id}
            final={finalized}
            link={
              link.state === "none"
                ? link
                : link.state === "here"
                  ? { state: "here", path: link.path }
                  : {
                      state: "elsewhere",
                      createdOn: link.createdAt ? formatDay(link.createdAt.toISOString().slice(0, 10)) : null,
                    }
            }
          />
        ) : null}
      </div>
    </Card>
  );
}

/** Dates: confirmed (changeable while planning), or to confirm — prefilled with the chosen card's proposal. */
function DatesSection({ view }: { view: ItineraryView }) {
  const { trip, proposal } = view;
  // The organizer's decision on the dates settles them: it is what the form starts from.
  const decided = decidedDatesOf(view.decisions);
  if (trip.dates) {
    return trip.status === "planning" ? (
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-800">
          Dates: <strong>{formatRange(trip.dates.start, trip.dates.end)}</strong> (change)
        </summary>
        <div className="mt-3">
          <DatesForm
            tripId={trip.id}
            start={trip.dates.start}
            end={trip.dates.end}
            label="Change dates"
            availability={view.availability}
          />
          <p className="mt-2 text-xs text-slate-600">After changing the dates, plan the days again to match them.</p>
        </div>
      </details>
    ) : (
      <p className="text-sm text-slate-800">
        Dates: <strong>{formatRange(trip.dates.start, trip.dates.end)}</strong>
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <FormMessage tone="info">
        Confirm the dates first.{" "}
        {decided
          ? `You decided on ${formatRange(decided.start, decided.end)} for the group.`
          : proposal?.start && proposal.end && !proposal.datesPending
            ? `The chosen destination was suggested for ${formatRange(proposal.start, proposal.end)}.`
            : "No dates suit everyone yet; pick the dates that work best."}
      </FormMessage>
      <DatesForm
        tripId={trip.id}
        start={decided?.start ?? proposal?.start ?? ""}
        end={decided?.end ?? proposal?.end ?? ""}
        availability={view.availability}
      />
      {view.availability.length > 0 ? (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">Who can go when</summary>
          <ul className="mt-1 space-y-0.5">
            {view.availability.map((a) => (
              <li key={a.memberId}>
                {a.name}: {a.windows.length ? a.windows.map((w) => formatRange(w.start, w.end)).join(", ") : "any time"}
                {a.flexible ? " (flexible)" : ""}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
