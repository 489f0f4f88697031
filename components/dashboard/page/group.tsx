import type { ReactNode } from "react";
import { WhoIsIn } from "@/components/dashboard/live-group";
import { InviteCard } from "@/components/trip/invite-card";
import { OrganizerTools } from "@/components/trip/organizer-tools";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import type { DashboardView } from "@/lib/views/dashboard";
import { InvitePlace } from "./invite-placement";

type Trip = DashboardView["trip"];

/** The invite, open and full-width under the to-do, while inviting is the organizer's job. */
export function PressingInvite({ trip, origin, isOrganizer }: { trip: Trip; origin: string; isOrganizer: boolean }) {
  return (
    <InvitePlace at="top" status={trip.status} isOrganizer={isOrganizer}>
      <InviteCard tripName={trip.name} invitePath={trip.invitePath} origin={origin} pressing />
    </InvitePlace>
  );
}

/** The group at the foot of the dashboard: the invite (unless it's pressing), who's in, the organizer's tools. */
export function Group({ trip, origin, isOrganizer }: { trip: Trip; origin: string; isOrganizer: boolean }) {
  const invite: ReactNode = (
    <InvitePlace at="group" status={trip.status} isOrganizer={isOrganizer}>
      <InviteCard tripName={trip.name} invitePath={trip.invitePath} origin={origin} />
    </InvitePlace>
  );
  return (
    <>
      <div className="grid gap-4 sm:gap-6 lg:auto-cols-fr lg:grid-flow-col">
        {invite}
        <WhoIsIn />
      </div>
      {isOrganizer ? (
        <CollapsibleCard title="Organizer tools" summary="Rename, new invite link, delete the trip.">
          <OrganizerTools tripId={trip.id} tripName={trip.name} />
        </CollapsibleCard>
      ) : null}
    </>
  );
}
