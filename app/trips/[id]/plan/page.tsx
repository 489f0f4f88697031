import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AssistantSection } from "@/components/assistant/assistant-section";
import { LivePlanRun } from "@/components/itinerary/live-plan-run";
import { dayChoicesOf } from "@/components/itinerary/plan/day-choices";
import { OrganizerCard } from "@/components/itinerary/plan/organizer-card";
import { planPageState } from "@/components/itinerary/plan/page-state";
import { PlanBeforeYouGo } from "@/components/itinerary/plan/plan-before-you-go";
import { PlanHeader } from "@/components/itinerary/plan/plan-header";
import { FinalNote, NoPlanYet, RunFailure, StaleNote } from "@/components/itinerary/plan/plan-notices";
import { PlanShown } from "@/components/itinerary/plan/plan-shown";
import { Outbox } from "@/components/offline/outbox";
import { DecidedNote } from "@/components/recommendations/decided-note";
import { LiveTrip } from "@/components/trip/live-trip";
import { EmptyState } from "@/components/ui/card";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { listOptOuts } from "@/lib/db/queries/costs";
import { factsOfPlan } from "@/lib/db/queries/destination-facts";
import { liveCursor } from "@/lib/live/stream";
import { shareLinkFor } from "@/lib/share/link";
import { loadItineraryView } from "@/lib/views/itinerary";

export const metadata: Metadata = { title: "Trip plan" };

/**
 * Flow B: the day-by-day plan. Every member reads it (their own cost, the group's
 * feedback), flags items and suggests additions while it is being planned; the organizer
 * confirms dates, generates, regenerates with the feedback (bounded), restores earlier
 * versions, finalizes or reopens, and shares a read-only link. What shows is decided in
 * components/itinerary/plan/page-state.ts; the parts are its neighbours.
 */
export default async function PlanPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ version?: string }>;
}) {
  const { id } = await params;
  const after = await liveCursor(id);
  const ctx = await requestContext();
  const caller = await requireMember(ctx, id).catch(() => notFound());
  const asked = Number((await searchParams).version);
  const view = await loadItineraryView(caller, {
    version: Number.isSafeInteger(asked) && asked > 0 ? asked : undefined,
  });
  const { trip, viewer, current } = view;
  const organizer = viewer.isOrganizer;
  const live = <LiveTrip tripId={trip.id} after={after} page={organizer ? "organizer-plan" : "plan"} />;
  const state = planPageState(view);

  if (state.kind === "no-destination") {
    return (
      <div className="space-y-6">
        {live}
        <PlanHeader trip={trip} />
        <EmptyState title="No destination chosen yet">
          The day-by-day plan starts once the group has chosen a destination.{" "}
          <Link href={`/trips/${trip.id}`} className="font-medium text-brand-700 underline">
            See the destination ideas
          </Link>
          .
        </EmptyState>
      </div>
    );
  }

  const { shown } = state;
  const link = organizer && current ? shareLinkFor(ctx, caller.trip) : null;
  const facts = shown ? (await factsOfPlan(shown.itinerary))?.facts : undefined;
  const optOuts = state.isCurrent ? await listOptOuts({ tripId: trip.id }) : [];

  return (
    <div className="space-y-4 sm:space-y-6">
      {live}
      <PlanHeader trip={trip} />
      <Outbox tripId={trip.id} />
      {trip.dates ? null : <DecidedNote decisions={view.decisions} />}
      {state.finalNote ? <FinalNote organizer={organizer} /> : null}
      {organizer ? (
        <OrganizerCard
          view={view}
          link={link}
          regenerateUnavailable={state.regenerateUnavailable}
          openFeedback={state.openFeedback}
        />
      ) : null}
      {/* After the organizer's controls, before the days: in the page's flow, covering nothing. */}
      <AssistantSection caller={caller} />
      {state.staleNote ? <StaleNote /> : null}
      <LivePlanRun serverRun={view.run} />
      {state.failure ? <RunFailure tripId={trip.id} {...state.failure} regenerate={Boolean(current)} /> : null}
      {state.empty ? <NoPlanYet organizer={organizer} datesConfirmed={Boolean(trip.dates)} /> : null}
      {shown ? (
        <PlanShown
          view={view}
          state={{ ...state, shown }}
          facts={facts}
          dayChoices={dayChoicesOf(current?.itinerary)}
          optOuts={optOuts}
        />
      ) : null}
      {view.beforeYouGo ? <PlanBeforeYouGo beforeYouGo={view.beforeYouGo} dates={trip.dates} /> : null}
    </div>
  );
}
