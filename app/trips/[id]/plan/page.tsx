import { AlertTriangle, ArrowLeft, CalendarPlus, Lock, RefreshCw } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BeforeYouGoSection } from "@/components/destination/before-you-go";
import { DatesForm } from "@/components/itinerary/dates-form";
import {
  AddActivityForm,
  AddCustomItemForm,
  type DayChoice,
  ItemEditControls,
} from "@/components/itinerary/hand-edits";
import { ItemFeedback, OtherFeedback } from "@/components/itinerary/item-feedback";
import { ItineraryDays, SourceLink } from "@/components/itinerary/itinerary-days";
import { LivePlanRun } from "@/components/itinerary/live-plan-run";
import { PlanButton } from "@/components/itinerary/plan-button";
import { SuggestForm } from "@/components/itinerary/suggest-form";
import { CostBreakdown } from "@/components/recommendations/cost-breakdown";
import { DecidedNote, decidedDatesOf } from "@/components/recommendations/decided-note";
import { ShareLinkCard } from "@/components/share/share-link-card";
import { LiveTrip } from "@/components/trip/live-trip";
import { buttonClasses } from "@/components/ui/button";
import { Card, EmptyState } from "@/components/ui/card";
import { CollapsibleCard, WideOpenDetails } from "@/components/ui/collapsible-card";
import { FormMessage } from "@/components/ui/field";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { factsOfPlan } from "@/lib/db/queries/destination-facts";
import { formatDay, formatRange, formatUsd, joinAnd, plural } from "@/lib/format";
import { type FeedbackView, type ItineraryView, loadItineraryView } from "@/lib/itinerary-view";
import { liveCursor } from "@/lib/live/stream";
import { planRoutes } from "@/lib/planning/day-route";
import { slotsOf } from "@/lib/planning/itinerary-allocation";
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
  }));

  return (
    <div className="space-y-4 sm:space-y-6">
      <LiveTrip tripId={trip.id} after={after} page={organizer ? "organizer-plan" : "plan"} />
      {header}
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
                      label={`Regenerate with feedback (${plural(openFeedback.length, "open item")})`}
                      variant={openFeedback.length > 0 ? "primary" : "secondary"}
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
      ) : null}

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

          <section aria-labelledby="summary-title" className="grid gap-4 md:grid-cols-2">
            <CollapsibleCard title={`Version ${shown.version}`} summary={summaryLine(shown.itinerary)}>
              <div className="space-y-3 text-sm text-slate-800">
                <p>{shown.itinerary.weather.note}</p>
                <p className="text-xs text-slate-600">{shown.itinerary.weather.basis}</p>
                <div>
                  <h3 id="summary-title" className="font-medium text-slate-900">
                    Packing list
                  </h3>
                  <p>{shown.itinerary.packingList.join(" · ")}</p>
                </div>
                <a href={`/api/trips/${trip.id}/calendar.ics`} download className={buttonClasses("secondary")}>
                  <CalendarPlus aria-hidden className="size-4" />
                  Add to my calendar (.ics)
                </a>
              </div>
            </CollapsibleCard>
            <CollapsibleCard
              title={organizer ? "What it costs each of you" : "What it costs you"}
              summary={costSummary(shown.itinerary, viewer.memberId, organizer)}
              description="Travel, stay, food and the activities planned, from your home city."
            >
              {shown.itinerary.costs.length === 0 ? (
                <p className="text-sm text-slate-700">
                  This plan was made before you shared your preferences, so it has no cost for you yet.{" "}
                  <Link href={`/trips/${trip.id}/preferences`} className="font-medium text-brand-700 underline">
                    Add your preferences
                  </Link>{" "}
                  and the next version will include you.
                </p>
              ) : null}
              <CostBreakdown
                costs={shown.itinerary.costs}
                budgets={view.budgets}
                nameOf={nameOf}
                viewerId={viewer.memberId}
              />
              {!organizer ? (
                <p className="mt-3 text-xs text-slate-600">
                  Across the group: {formatUsd(shown.itinerary.costRange.low)}–
                  {formatUsd(shown.itinerary.costRange.high)} per person (each person's depends on their home city and
                  stay).
                </p>
              ) : null}
              {shown.itinerary.stretches.length > 0 ? (
                <ul className="mt-3 space-y-1 text-xs text-amber-900">
                  {shown.itinerary.stretches.map((s) => (
                    <li key={s.memberId}>
                      {s.memberId === viewer.memberId ? "You're" : `${nameOf(s.memberId)} is`} {formatUsd(s.overBy)}{" "}
                      over budget. {s.fixes.join(" ")}
                    </li>
                  ))}
                </ul>
              ) : null}
              {shown.itinerary.costNotes.length > 0 ? (
                <ul className="mt-3 list-disc space-y-0.5 pl-5 text-xs text-slate-600">
                  {shown.itinerary.costNotes.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              ) : null}
            </CollapsibleCard>
          </section>

          {view.diff && isCurrent ? <ChangesCard diff={view.diff} nameOf={nameOf} viewerId={viewer.memberId} /> : null}

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

          <div className="grid gap-4 md:grid-cols-2">
            <CollapsibleCard title="Assumptions" summary={plural(shown.itinerary.assumptions.length, "assumption")}>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {shown.itinerary.assumptions.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </CollapsibleCard>
            <CollapsibleCard
              title="Versions"
              summary={`${plural(view.versions.length, "version")}; you're looking at version ${shown.version}.`}
            >
              <ol className="space-y-1 text-sm">
                {[...view.versions].reverse().map((v) => (
                  <li key={v.version} className="flex flex-wrap items-baseline gap-x-2">
                    {v.version === shown.version ? (
                      <span className="font-medium text-slate-900" aria-current="page">
                        Version {v.version}
                      </span>
                    ) : (
                      <Link
                        href={
                          current && v.version === current.version
                            ? `/trips/${trip.id}/plan`
                            : `/trips/${trip.id}/plan?version=${v.version}`
                        }
                        className="font-medium text-brand-700 underline"
                      >
                        Version {v.version}
                      </Link>
                    )}
                    <span className="text-slate-600">
                      {SOURCE_LABEL[v.source] ?? v.source}
                      {v.basedOnVersion ? ` from version ${v.basedOnVersion}` : ""} ·{" "}
                      {formatDay(v.createdAt.slice(0, 10))}
                      {current && v.version === current.version ? " · current" : ""}
                    </span>
                  </li>
                ))}
              </ol>
            </CollapsibleCard>
          </div>

          {shown.itinerary.sources.length > 0 ? (
            <CollapsibleCard title="Sources" summary={plural(shown.itinerary.sources.length, "source")}>
              <ul className="space-y-1 text-sm">
                {shown.itinerary.sources.map((s) => (
                  <li key={s.url}>
                    <SourceLink source={s} prefix="" />
                  </li>
                ))}
              </ul>
            </CollapsibleCard>
          ) : null}
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

const SOURCE_LABEL: Record<string, string> = {
  generated: "Planned",
  regenerated: "Regenerated with feedback",
  repaired: "Repaired",
  restored: "Restored",
  edited: "Edited by hand",
};

/** The costs card's line: the member's own total, or the range for the organizer. */
function costSummary(
  plan: { costs: { memberId: string; total: number }[]; costRange: { low: number; high: number } },
  viewerId: string,
  organizer: boolean,
): string {
  const mine = plan.costs.find((c) => c.memberId === viewerId);
  if (!organizer) return mine ? `Your total: ${formatUsd(mine.total)}.` : "No cost for you yet.";
  return `${formatUsd(plan.costRange.low)}–${formatUsd(plan.costRange.high)} per person.`;
}

function summaryLine(
  plan: ItineraryView["current"] extends infer C ? (C extends { itinerary: infer I } ? I : never) : never,
) {
  return `${plural(plan.dates.days, "day")}, ${plural(plan.dates.nights, "night")} · ${plan.pace} pace · ${
    plan.costRange.low === plan.costRange.high
      ? `${formatUsd(plan.costRange.low)} per person`
      : `${formatUsd(plan.costRange.low)}–${formatUsd(plan.costRange.high)} per person`
  }`;
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

function ChangesCard({
  diff,
  nameOf,
  viewerId,
}: {
  diff: NonNullable<ItineraryView["diff"]>;
  nameOf: (id: string) => string;
  viewerId: string;
}) {
  const { added, removed, moved, changed, costs } = diff.changes;
  const lines = [
    ...added.map((a) => `Added ${a.title} (day ${a.at.day}, ${a.at.slot})`),
    ...removed.map((r) => `Removed ${r.title}`),
    ...moved.map((m) => `Moved ${m.title} from day ${m.from.day} ${m.from.slot} to day ${m.to.day} ${m.to.slot}`),
    ...changed.map((c) => `${c.title}: ${c.what.join(", ")}`),
    ...costs.map(
      (c) =>
        `${c.memberId === viewerId ? "Your" : `${nameOf(c.memberId)}'s`} cost: ${formatUsd(c.before)} → ${formatUsd(c.after)}`,
    ),
  ];
  return (
    <Card title={`What changed since version ${diff.from}`}>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing in the days changed.</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-800">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
