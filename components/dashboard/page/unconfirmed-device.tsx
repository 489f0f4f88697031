import { ConfirmDevice } from "@/components/trip/confirm-device";
import { Card } from "@/components/ui/card";

/** A device signed in with the organizer's help link sees nothing of the member until it proves it is theirs. */
export function UnconfirmedDevice({ trip, member }: { trip: { id: string; name: string }; member: { name: string } }) {
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{trip.name}</h1>
      <Card
        title={`Confirm it's you, ${member.name}`}
        description="The organizer made the link that opened this device. Before it shows your answers or lets you answer, vote or flag, show it's you."
      >
        <ConfirmDevice tripId={trip.id} memberName={member.name} />
      </Card>
    </div>
  );
}
