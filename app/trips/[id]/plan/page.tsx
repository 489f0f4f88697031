import { ArrowLeft, Lock, RefreshCw } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AssistantSection } from "@/components/assistant/assistant-section";
import { BeforeYouGoSection } from "@/components/destination/before-you-go";
import {
  AddActivityForm,
  AddCustomItemForm,
  type DayChoice,
  ItemEditControls,
} from "@/components/itinerary/hand-edits";
import { ItemFeedback, OtherFeedback } from "@/components/itinerary/item-feedback";
import { ItineraryDays } from "@/components/itinerary/itinerary-days";
import { LivePlanRun } from "@/components/itinerary/live-plan-run";
import { MealExtra } from "@/components/itinerary/meal-extra";
import { ChangesCard } from "@/components/itinerary/plan/changes-card";
import { MustHavesCard } from "@/components/itinerary/plan/must-haves-card";
import { OrganizerCard } from "@/components/itinerary/plan/organizer-card";
import { PlanRecords } from "@/components/itinerary/plan/plan-records";
import { PlanSummary } from "@/components/itinerary/plan/plan-summary";
import { PlanButton } from "@/components/itinerary/plan-button";
import { SuggestForm } from "@/components/itinerary/suggest-form";
import { Outbox } from "@/components/offline/outbox";
import { DecidedNote } from "@/components/recommendations/decided-note";
import { LiveTrip } from "@/components/trip/live-trip";
import { EmptyState } from "@/components/ui/card";
import { CollapsibleCard, WideOpenDetails } from "@/components/ui/collapsible-card";
import { FormMessage } from "@/components/ui/field";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { factsOfPlan } from "@/lib/db/queries/destination-facts";
import { formatDay, formatRange, joinAnd, plural } from "@/lib/format";
import { type FeedbackView, loadItineraryView } from "@/lib/itinerary-view";
import { liveCursor } from "@/lib/live/stream";
import { stayAreasOf } from "@/lib/planning/day-map";
import { planRoutes } from "@/lib/planning/day-route";
import { slotsOf } from "@/lib/planning/itinerary-allocation";
import { mapTiles } from "@/lib/planning/map-tiles";
import { shareLinkFor } from "@/lib/share/link";

export const metadata: Metadata = { title: "Trip plan" };

/**
 * Flow B: the day-by-day plan. Every member reads it (their own cost, the group's
 * feedback), flags items and suggests additions while it is being planned; the organizer
 * confirms dates, generates, regenerates with the feedback (bounded), restores earlier
 * versions, finalizes or reopens, and shares a read-only link.
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
  const planning = trip.status === "planning";
  const finalized = trip.status === "finalized";
  const running = view.run?.status === "running";
  const nameOf = (memberId: string) => view.members.find((m) => m.id === memberId)?.name ?? "Someone";

  const header = (
    <div className="space-y-1">
      <Link href={`/trips/${trip.id}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
        <ArrowLeft aria-hidden className="size-4" />
        Trip dashboard
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {trip.destination ? `${finalized ? "Final plan" : "The plan"}: ${trip.destination.name}` : "The plan"}
      </h1>
      {trip.destination ? (
        <p className="text-slate-700">
          {trip.destination.country}
          {trip.dates ? ` · ${formatRange(trip.dates.start, trip.dates.end)}` : " · dates to be confirmed"}
        </p>
      ) : null}
    </div>
  );

  if (!trip.destination || (!planning && !finalized)) {
    return (
      <div className="space-y-6">
        <LiveTrip tripId={trip.id} after={after} page={organizer ? "organizer-plan" : "plan"} />
        {header}
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

  const shown = view.shown ?? (current ? { version: current.version, itinerary: current.itinerary } : null);
  const isCurrent = Boolean(current && shown && shown.version === current.version);
  const openFeedback = view.feedback.filter((f) => f.status === "open");
  const canGiveFeedback = planning && isCurrent && !running;
  const regenerationsLeft = view.regenerations.max - view.regenerations.used;
  // Why Regenerate can't work now, in the order the server checks (so the button and a click agree).
  const regenerateUnavailable =
    regenerationsLeft <= 0
      ? {
          reason: `All ${view.regenerations.max} regenerations are used; you can still restore any version or change the dates.`,
        }
      : openFeedback.length === 0
        ? { reason: "Nothing to regenerate with yet: nobody has an open flag or suggestion." }
        : view.modelRefusal;
  const link = organizer && current ? shareLinkFor(ctx, caller.trip) : null;
  // Travel between each day's stops, from the destination's facts that version was made with
  // (none when they aren't known).
  const facts = shown ? (await factsOfPlan(shown.itinerary))?.facts : undefined;
  const routes = shown && facts ? planRoutes(shown.itinerary, facts) : undefined;
  const inShown = new Set(shown?.itinerary.days.flatMap((d) => d.items.map((i) => i.key)) ?? []);
  // Flags sit under their item; suggestions, and flags whose item is gone, are listed together.
  const underItem = (f: FeedbackView) => f.kind === "flag" && f.itemKey !== null && inShown.has(f.itemKey);
  // A flag the organizer lifted stays listed: their reason is for everyone to see.
  const elsewhere = view.feedback.filter((f) => (f.status !== "withdrawn" || f.liftedByOrganizer) && !underItem(f));
  // The organizer edits the current version by hand while it is being planned and nothing is generating.
  const canEdit = organizer && canGiveFeedback && Boolean(current);
  const dayChoices: DayChoice[] = (current?.itinerary.days ?? []).map((d, _, all) => ({
    day: d.day,
    label: d.date ? `Day ${d.day} · ${formatDay(d.date)}` : `Day ${d.day}`,
    slots: slotsOf(d.day, all.length),
    // Unlocked activities and the planned lunch and dinner: what the organizer's own item may replace.
    replaceable: [
      ...d.items
        .filter((i) => !i.locked && !(i.kind === "custom" && i.meal))
        .map((i) => ({ key: i.key, label: i.title, slot: i.slot })),
      ...d.meals.flatMap((m) =>
        m.meal === "lunch" || m.meal === "dinner"
          ? [{ key: m.key, label: `${m.meal === "lunch" ? "Lunch" : "Dinner"} at ${m.name}`, slot: null }]
          : [],
      ),
    ],
  }));

  return (
    <div className="space-y-4 sm:space-y-6">
      <LiveTrip tripId={trip.id} after={after} page={organizer ? "organizer-plan" : "plan"} />
      {header}
      <Outbox tripId={trip.id} />
      {trip.dates ? null : <DecidedNote decisions={view.decisions} />}

      {finalized ? (
        <p className="flex items-start gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>This plan is final.</strong>{" "}
            {organizer
              ? "Reopen it to take more feedback or regenerate."
              : "The organizer can reopen it if plans change."}
          </span>
        </p>
      ) : null}

      {organizer ? (
        <OrganizerCard
          view={view}
          link={link}
          regenerateUnavailable={regenerateUnavailable}
          openFeedback={openFeedback.length}
        />
      ) : null}

      {/* After the organizer's controls, before the days: in the page's flow, covering nothing. */}
      <AssistantSection caller={caller} />

      {view.stale && !organizer ? (
        <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <RefreshCw aria-hidden className="mt-0.5 size-4 shrink-0" />
          Someone's answers changed after this plan was made; the organizer can regenerate it.
        </p>
      ) : null}

      <LivePlanRun serverRun={view.run} />

      {view.run?.status === "failed" && view.run.error && !running ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">Planning stopped</p>
          <p>{view.run.error.message}</p>
          {organizer && view.run.error.retryable && planning ? (
            <div className="mt-2">
              <PlanButton does={current ? "regenerate" : "generate"} input={{ tripId: trip.id }} label="Try again" />
            </div>
          ) : null}
        </div>
      ) : null}

      {!shown && !running ? (
        <EmptyState title="No plan yet">
          {organizer
            ? trip.dates
              ? "Generate the itinerary: every day respects everyone's hard constraints, and the group can flag and suggest once it's here."
              : "Confirm the trip's dates above, then generate the itinerary."
            : "The organizer will plan the days once the dates are confirmed. You'll be able to flag items and suggest additions here."}
        </EmptyState>
      ) : null}

      {shown ? (
        <>
          {!isCurrent && current ? (
            <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
              <span>
                You're looking at version {shown.version}, not the current plan (version {current.version}).
              </span>
              <Link href={`/trips/${trip.id}/plan`} className="font-medium text-brand-700 underline">
                Back to the current plan
              </Link>
              {organizer && planning ? (
                <PlanButton
                  does="restore"
                  input={{ tripId: trip.id, version: shown.version }}
                  thenGo={`/trips/${trip.id}/plan`}
                  label={`Restore version ${shown.version}`}
                />
              ) : null}
            </div>
          ) : null}

          <PlanSummary
            tripId={trip.id}
            version={shown.version}
            itinerary={shown.itinerary}
            viewerId={viewer.memberId}
            organizer={organizer}
            budgets={view.budgets}
            nameOf={nameOf}
          />

          {view.diff && isCurrent ? <ChangesCard diff={view.diff} nameOf={nameOf} viewerId={viewer.memberId} /> : null}

          {isCurrent ? <MustHavesCard mustHaves={view.mustHaves} /> : null}

          {shown.itinerary.pendingMemberIds.length > 0 ? (
            <FormMessage tone="info">
              Planned without {joinAnd(shown.itinerary.pendingMemberIds.map(nameOf))}'s answers: they hadn't answered
              yet, so their needs aren't in this plan and it's less certain to suit everyone.
              {organizer ? " Once they answer, plan again with the new answers." : ""}
            </FormMessage>
          ) : null}

          <section aria-labelledby="days-title" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="days-title" className="text-xl font-semibold text-slate-900">
                Day by day
              </h2>
              {canGiveFeedback ? (
                <p className="text-sm text-slate-600">
                  Something not right for you? Flag it; the organizer regenerates with it.
                </p>
              ) : null}
            </div>
            <ItineraryDays
              collapsible
              days={shown.itinerary.days}
              routes={routes}
              stayAreas={facts ? stayAreasOf(facts) : undefined}
              mapTiles={mapTiles()}
              mealExtra={(meal) => <MealExtra meal={meal} costs={shown.itinerary.costs} viewerId={viewer.memberId} />}
              itemExtra={(item, day) => (
                <>
                  {canEdit ? (
                    <ItemEditControls
                      tripId={trip.id}
                      version={shown.version}
                      item={{ key: item.key, title: item.title, slot: item.slot, locked: item.locked }}
                      day={day.day}
                      days={dayChoices}
                      alternatives={view.otherActivities}
                    />
                  ) : null}
                  <ItemFeedback
                    tripId={trip.id}
                    version={shown.version}
                    itemKey={item.key}
                    itemTitle={item.title}
                    feedback={isCurrent ? view.feedback.filter((f) => underItem(f) && f.itemKey === item.key) : []}
                    canFlag={canGiveFeedback}
                    canLift={organizer && canGiveFeedback}
                  />
                </>
              )}
            />
          </section>

          {canEdit && current ? (
            <CollapsibleCard
              title="Add an activity"
              summary="From the destination's activities that suit everyone."
              description="Changes by hand make a new version right away and don't use a regeneration. Locked items stay where they are when you regenerate."
            >
              <AddActivityForm
                tripId={trip.id}
                version={current.version}
                activities={view.otherActivities}
                days={dayChoices}
              />
            </CollapsibleCard>
          ) : null}

          {canEdit && current ? (
            <CollapsibleCard
              title="Add your own"
              summary="A dinner with friends, a tour you booked."
              description="Something that isn't among the destination's activities: a friend's dinner, a tour you booked. Its cost is added to everyone's total."
            >
              <AddCustomItemForm tripId={trip.id} version={current.version} days={dayChoices} />
            </CollapsibleCard>
          ) : null}

          {isCurrent ? (
            <CollapsibleCard
              title="Suggestions and earlier flags"
              summary={elsewhere.length ? plural(elsewhere.length, "item") : "None yet: suggest an addition here."}
              description="What the group would like to add, and what became of flags on items no longer in the plan."
            >
              <div className="space-y-4">
                <OtherFeedback
                  tripId={trip.id}
                  feedback={elsewhere}
                  version={shown.version}
                  itemKeys={[...inShown]}
                  canLift={organizer && canGiveFeedback}
                />
                {canGiveFeedback && current ? (
                  <SuggestForm tripId={trip.id} version={current.version} activities={view.otherActivities} />
                ) : null}
              </div>
            </CollapsibleCard>
          ) : null}

          <PlanRecords
            tripId={trip.id}
            itinerary={shown.itinerary}
            shownVersion={shown.version}
            currentVersion={current?.version ?? null}
            versions={view.versions}
          />
        </>
      ) : null}

      {view.beforeYouGo ? (
        <WideOpenDetails
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
          summary={
            <p className="text-base font-semibold text-slate-900 lg:sr-only">
              Before you go: where to stay, getting around, your flights
            </p>
          }
        >
          <BeforeYouGoSection
            essentials={view.beforeYouGo.essentials}
            flight={view.beforeYouGo.flight}
            dates={trip.dates}
          />
        </WideOpenDetails>
      ) : null}
    </div>
  );
}
