import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { CostsGlance } from "@/components/costs/costs-glance";
import { GroupProvider, LiveYourTurn, SectionNav } from "@/components/dashboard/live-group";
import { DashboardAssistant } from "@/components/dashboard/page/assistant";
import { Group, PressingInvite } from "@/components/dashboard/page/group";
import { GroupState } from "@/components/dashboard/page/group-state";
import { DashboardHeader } from "@/components/dashboard/page/header";
import { TodaySection } from "@/components/dashboard/page/today";
import { UnconfirmedDevice } from "@/components/dashboard/page/unconfirmed-device";
import { StatusStepper } from "@/components/dashboard/status-stepper";
import { Outbox } from "@/components/offline/outbox";
import { HeldBackNotice } from "@/components/trip/held-back-notice";
import { LiveTrip } from "@/components/trip/live-trip";
import { requireDeviceAwaitingProof, requireMember } from "@/lib/auth/guards";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { listDevices } from "@/lib/db/queries/devices";
import { liveCursor } from "@/lib/live/stream";
import { groupSlice, loadDashboard } from "@/lib/views/dashboard";
import { deviceRows } from "@/lib/views/devices";
import { loadRecommendationsView } from "@/lib/views/recommendations";
import { loadYourTurn } from "@/lib/views/your-turn";

export const metadata: Metadata = { title: "Trip dashboard" };

/**
 * The trip's dashboard, in the order of what matters: the viewer's to-do, the invite while
 * inviting is the job, today on the trip, where the group stands (the plan, the conflicts,
 * the ideas, the figures), the assistant, then the group. Devices, AI connections and email
 * are on the trip's settings page.
 */
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
    const helped = await requireDeviceAwaitingProof(ctx, id).catch(() => notFound());
    return <UnconfirmedDevice trip={helped.trip} member={helped.member} />;
  }
  const [dashboard, recommendations, deviceList] = await Promise.all([
    loadDashboard(caller),
    loadRecommendationsView(caller),
    // The organizer sees every member's devices in "Who's in".
    caller.isOrganizer ? listDevices({ tripId: caller.trip.id }) : null,
  ]);
  const { trip, viewer, members, profile, requests, heldBack } = dashboard;
  const devices = deviceList ? deviceRows(deviceList, { now: new Date(), thisDeviceId: caller.device.id }) : null;
  const turnInput = await loadYourTurn(
    caller,
    { trip, viewer, members, requests, conflicts: dashboard.conflicts, fixes: dashboard.fixes },
    recommendations,
  );
  const { votingOpen, notVoted } = turnInput.recommendations;
  const origin = requestOrigin(await headers());

  return (
    <GroupProvider
      tripId={trip.id}
      rendered={groupSlice(dashboard, devices)}
      viewer={{ memberId: viewer.memberId, isOrganizer: viewer.isOrganizer }}
    >
      <div className="space-y-4 sm:space-y-6">
        <LiveTrip tripId={trip.id} after={after} page="dashboard" />
        <Outbox tripId={trip.id} />
        <DashboardHeader trip={trip} viewer={viewer} />
        <LiveYourTurn input={turnInput} recommendationId={recommendations.current?.id ?? null} />
        <HeldBackNotice heldBack={heldBack} viewerId={viewer.memberId} members={members} />
        <PressingInvite trip={trip} origin={origin} isOrganizer={viewer.isOrganizer} />
        <TodaySection
          caller={caller}
          now={(await searchParams)?.now}
          answers={{ pending: profile.pendingIds.length, mine: !viewer.hasResponded }}
          votesLeft={votingOpen && notVoted ? notVoted.length : null}
        />
        {trip.status === "planning" || trip.status === "finalized" ? <CostsGlance caller={caller} /> : null}
        <StatusStepper status={trip.status} />
        {/* On a phone the page is long: the sections, most urgent first, one tap away. */}
        <SectionNav
          planOpen={trip.status === "planning" || trip.status === "finalized"}
          figures={profile.respondedIds.length > 0}
        />
        <GroupState
          dashboard={dashboard}
          recommendations={recommendations}
          organizerAnswered={viewer.isOrganizer ? viewer.hasResponded || caller.trip.isDemo : true}
        />
        <DashboardAssistant caller={caller} />
        <Group trip={trip} origin={origin} isOrganizer={viewer.isOrganizer} />
      </div>
    </GroupProvider>
  );
}
