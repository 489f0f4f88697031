import { ClipboardList, Map as MapIcon } from "lucide-react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AgreedList } from "@/components/assistant/agreed-list";
import { AssistantSection } from "@/components/assistant/assistant-section";
import { CostsGlance } from "@/components/costs/costs-glance";
import { AvailabilityCalendar } from "@/components/dashboard/availability-calendar";
import { BudgetBars } from "@/components/dashboard/budget-bars";
import { ConstraintsSummary } from "@/components/dashboard/constraints-summary";
import {
  AnswersChangedNotice,
  GroupProvider,
  LiveConflicts,
  LiveYourTurn,
  SectionNav,
  WhoIsIn,
} from "@/components/dashboard/live-group";
import { StatusStepper } from "@/components/dashboard/status-stepper";
import { budgetSummary, datesSummary, needsSummary, vibesSummary } from "@/components/dashboard/summaries";
import { VibeChips } from "@/components/dashboard/vibe-chips";
import { Outbox } from "@/components/offline/outbox";
import { RecommendationsSection } from "@/components/recommendations/recommendations-section";
import { AiConnections } from "@/components/trip/ai-connections";
import { ConfirmDevice } from "@/components/trip/confirm-device";
import { DeviceList } from "@/components/trip/device-list";
import { HeldBackNotice } from "@/components/trip/held-back-notice";
import { InviteCard } from "@/components/trip/invite-card";
import { LiveTrip } from "@/components/trip/live-trip";
import { NotificationSettings } from "@/components/trip/notification-settings";
import { OrganizerTools } from "@/components/trip/organizer-tools";
import { TodayCard } from "@/components/trip/today-card";
import { TripHeading } from "@/components/trip/trip-heading";
import { buttonClasses } from "@/components/ui/button";
import { Card, EmptyState } from "@/components/ui/card";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { readBalancesFor } from "@/lib/actions/costs";
import { requireDeviceAwaitingProof, requireMember } from "@/lib/auth/guards";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { contextEntriesFor } from "@/lib/context-view";
import { groupSlice, loadDashboard } from "@/lib/dashboard";
import { listAiConnections } from "@/lib/db/queries/ai-connections";
import { factsOfPlan } from "@/lib/db/queries/destination-facts";
import { listDevices } from "@/lib/db/queries/devices";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { getNotificationSettings } from "@/lib/db/queries/notifications";
import { aiConnectionRows, deviceRows } from "@/lib/devices-view";
import { NO_NEEDS, travelerEssentials } from "@/lib/facts/essentials";
import { plural } from "@/lib/format";
import { liveCursor } from "@/lib/live/stream";
import { formatMoney } from "@/lib/money/display";
import { clockOf } from "@/lib/planning/today";
import { loadRecommendationsView } from "@/lib/recommendations-view";
import { loadYourTurn } from "@/lib/your-turn-view";

export const metadata: Metadata = { title: "Trip dashboard" };

export default async function TripDashboardPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams?: Promise<{ now?: string }>;
}) {
  const { id } = await params;
  // Read before anything the page shows (the membership included): whatever happens later reaches it live.
  const after = await liveCursor(id);
  const ctx = await requestContext();
  const caller = await requireMember(ctx, id).catch(() => null);
  if (!caller) {
    // A device signed in with the organizer's help link sees nothing of the member until it proves it is theirs.
    const helped = await requireDeviceAwaitingProof(ctx, id).catch(() => notFound());
    return (
      <div className="mx-auto max-w-lg space-y-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{helped.trip.name}</h1>
        <Card
          title={`Confirm it's you, ${helped.member.name}`}
          description="The organizer made the link that opened this device. Before it shows your answers or lets you answer, vote or flag, show it's you."
        >
          <ConfirmDevice tripId={helped.trip.id} memberName={helped.member.name} />
        </Card>
      </div>
    );
  }
  const [dashboard, recommendations, deviceList, notificationSettings, aiConnectionList, agreed] = await Promise.all([
    loadDashboard(caller),
    loadRecommendationsView(caller),
    // The organizer sees every member's devices; a member only their own.
    listDevices({ tripId: caller.trip.id, memberId: caller.isOrganizer ? undefined : caller.member.id }),
    // The viewer's own address only: nobody else's is ever read for this page.
    getNotificationSettings({ memberId: caller.member.id }),
    // The viewer's own AI connections only.
    listAiConnections({ memberId: caller.member.id }),
    contextEntriesFor(caller),
  ]);
  const aiConnections = aiConnectionRows(aiConnectionList, new Date());
  const { trip, viewer, members, profile, decisions, requests, availability, heldBack } = dashboard;
  const devices = deviceRows(deviceList, { now: new Date(), thisDeviceId: caller.device.id });
  const turnInput = await loadYourTurn(
    caller,
    { trip, viewer, members, requests, conflicts: dashboard.conflicts, fixes: dashboard.fixes },
    recommendations,
  );
  const respondentCount = profile.respondedIds.length;
  // Today on the trip (before it, the countdown; after it, the summary), from the current plan.
  const plan = await currentItinerary({ tripId: trip.id });
  const planFacts = plan ? (await factsOfPlan(plan.itinerary))?.facts : undefined;
  const clock = clockOf((await searchParams)?.now);
  // Before the trip, what's left to do; after it, what's left to settle (the same figures as the costs page).
  const leftToDo = plan
    ? {
        answers: { pending: profile.pendingIds.length, mine: !viewer.hasResponded },
        votes:
          turnInput.recommendations.votingOpen && turnInput.recommendations.notVoted
            ? turnInput.recommendations.notVoted.length
            : null,
        packing: plan.itinerary.packingList.length,
        entry: planFacts ? travelerEssentials(planFacts, NO_NEEDS).essentials.entry : null,
      }
    : undefined;
  const costs = plan ? await readBalancesFor(caller) : null;
  const toSettle = costs?.transfers.map(
    (t) => `${t.fromName} pays ${t.toName} ${formatMoney(t.amount, costs.currency)}`,
  );

  return (
    <GroupProvider
      tripId={trip.id}
      rendered={groupSlice(dashboard, devices)}
      viewer={{ memberId: viewer.memberId, isOrganizer: viewer.isOrganizer }}
    >
      <div className="space-y-4 sm:space-y-6">
        <LiveTrip tripId={trip.id} after={after} page="dashboard" />
        <Outbox tripId={trip.id} />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 flex-1">
            <p className="text-sm text-slate-600">
              {viewer.isOrganizer ? "You organize" : `You're in as ${viewer.name}`}
            </p>
            <TripHeading
              tripId={trip.id}
              name={trip.name}
              description={trip.description}
              canEdit={viewer.isOrganizer}
            />
          </div>
          <Link
            href={`/trips/${trip.id}/preferences`}
            className={buttonClasses(viewer.hasResponded ? "secondary" : "primary")}
          >
            <ClipboardList aria-hidden className="size-4" />
            {viewer.hasResponded ? "Edit my preferences" : "Add my preferences"}
          </Link>
        </div>

        {plan ? (
          <TodayCard
            tripId={trip.id}
            itinerary={plan.itinerary}
            facts={planFacts}
            at={clock.at}
            fixedClock={clock.fixed}
            leftToDo={leftToDo}
            toSettle={toSettle}
          />
        ) : null}
        {plan ? <CostsGlance caller={caller} /> : null}
        <LiveYourTurn input={turnInput} recommendationId={recommendations.current?.id ?? null} />

        {/* With nothing agreed yet, adding the first entry is inside the assistant's card (one card less on a phone). */}
        <AssistantSection caller={caller}>
          {agreed.length === 0 ? (
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer text-sm font-medium text-slate-800">
                What we've agreed: nothing yet
              </summary>
              <div className="mt-3">
                <AgreedList tripId={trip.id} entries={agreed} />
              </div>
            </details>
          ) : null}
        </AssistantSection>

        {agreed.length > 0 ? (
          <CollapsibleCard
            title="What we've agreed"
            summary={plural(agreed.length, "entry", "entries")}
            description="What the group has settled or learned. The assistant reads it before every answer."
          >
            <AgreedList tripId={trip.id} entries={agreed} />
          </CollapsibleCard>
        ) : null}

        <StatusStepper status={trip.status} />

        <HeldBackNotice heldBack={heldBack} viewerId={viewer.memberId} members={members} />

        {/* On a phone the page is long: the sections, most urgent first, one tap away. */}
        <SectionNav
          planOpen={trip.status === "planning" || trip.status === "finalized"}
          figures={respondentCount > 0}
        />

        {trip.status === "planning" || trip.status === "finalized" ? (
          <section
            aria-labelledby="plan-link-title"
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:p-6"
          >
            <div>
              <h2 id="plan-link-title" className="text-base font-semibold text-slate-900">
                {trip.status === "finalized" ? "The final plan is ready" : "The day-by-day plan"}
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                {trip.status === "finalized"
                  ? "Read it, add it to your calendar or print it."
                  : "See each day, what it costs you, and flag anything that doesn't work for you."}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link href={`/trips/${trip.id}/plan`} className={buttonClasses("primary")}>
                <MapIcon aria-hidden className="size-4" />
                Open the plan
              </Link>
              <Link href={`/trips/${trip.id}/costs`} className={buttonClasses("secondary")}>
                Costs
              </Link>
            </div>
          </section>
        ) : null}

        <RecommendationsSection
          tripId={trip.id}
          view={recommendations}
          isOrganizer={viewer.isOrganizer}
          canGenerate={trip.status === "collecting" || trip.status === "recommending"}
          organizerAnswered={viewer.isOrganizer ? viewer.hasResponded || caller.trip.isDemo : true}
          members={profile.members}
        />

        <div className="grid gap-6 lg:grid-cols-3">
          <InviteCard
            tripName={trip.name}
            invitePath={trip.invitePath}
            origin={requestOrigin(await headers())}
            defaultOpen={members.length <= 1}
          />
          <WhoIsIn className="lg:col-span-2" />
        </div>

        <CollapsibleCard
          title="Your devices"
          summary={plural(devices.filter((d) => d.memberId === viewer.memberId).length, "device")}
          description="Where you're signed in to this trip. Your personal link, or a link made here, signs in one more."
        >
          <DeviceList tripId={trip.id} devices={devices.filter((d) => d.memberId === viewer.memberId)} />
          <AiConnections tripId={trip.id} connections={aiConnections} />
        </CollapsibleCard>

        <CollapsibleCard
          title="Email notifications"
          summary={
            notificationSettings.email && notificationSettings.topics.length > 0
              ? `On: ${plural(notificationSettings.topics.length, "kind")} of news to ${notificationSettings.email}.`
              : "Off: add your email to hear when it's your turn."
          }
          description="Hear about your turn when you're not on this page: a request, a vote, the plan."
        >
          <NotificationSettings tripId={trip.id} initial={notificationSettings} />
        </CollapsibleCard>

        <h2 className="sr-only pt-2 text-xl font-semibold text-slate-900 sm:not-sr-only">Compatibility snapshot</h2>
        <AnswersChangedNotice />
        {/* Shown once anyone answered, with what the live channel says of the group since. */}
        <LiveConflicts decisions={decisions} />
        {respondentCount === 0 ? (
          <EmptyState title="Nobody has shared their preferences yet">
            Once people answer, you'll see the dates that work, the budget everyone can afford, shared vibes and any
            conflicts here.{" "}
            <Link href={`/trips/${trip.id}/preferences`} className="font-medium text-brand-700 underline">
              Start with yours
            </Link>
            .
          </EmptyState>
        ) : (
          <>
            <CollapsibleCard
              title="When can everyone go?"
              summary={datesSummary(profile.dates, respondentCount)}
              description={`Each day is shaded by how many of the ${respondentCount} who answered can come. Trip length: ${tripLengthText(profile.tripLength)}.`}
            >
              <AvailabilityCalendar
                dates={profile.dates}
                respondentCount={respondentCount}
                members={profile.members}
                tripDays={profile.tripLength.windowDays}
                availability={availability}
              />
            </CollapsibleCard>
            <div className="grid gap-6 lg:grid-cols-2">
              <CollapsibleCard
                title="Budget per person"
                summary={budgetSummary(profile.budget)}
                description="Whole trip, in US dollars."
              >
                <BudgetBars budget={profile.budget} members={profile.members} />
              </CollapsibleCard>
              <CollapsibleCard title="Vibes" summary={vibesSummary(profile.vibes)}>
                <VibeChips vibes={profile.vibes} respondentCount={respondentCount} />
              </CollapsibleCard>
            </div>
            <CollapsibleCard
              title="Needs and hard no's"
              summary={needsSummary(profile.constraints)}
              description="Every plan has to respect these."
            >
              <ConstraintsSummary
                constraints={profile.constraints}
                members={profile.members}
                showAttribution={viewer.isOrganizer}
              />
            </CollapsibleCard>
          </>
        )}

        {viewer.isOrganizer ? (
          <CollapsibleCard title="Organizer tools" summary="Rename, new invite link, delete the trip.">
            <OrganizerTools tripId={trip.id} tripName={trip.name} />
          </CollapsibleCard>
        ) : null}
      </div>
    </GroupProvider>
  );
}

function tripLengthText({
  minDays,
  maxDays,
  windowDays,
  conflict,
}: {
  minDays: number | null;
  maxDays: number | null;
  windowDays: number;
  conflict: boolean;
}): string {
  if (minDays === null || maxDays === null) return "not set yet";
  if (conflict) return `no length suits everyone; matching ${windowDays}-day windows`;
  return minDays === maxDays ? `${minDays} days` : `${minDays}–${maxDays} days`;
}
