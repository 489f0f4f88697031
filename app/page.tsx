import { CalendarRange, PiggyBank, ShieldCheck, Sparkles } from "lucide-react";
import { cookies } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CreateTripForm } from "@/components/forms/create-trip-form";
import { DemoTripButton } from "@/components/forms/demo-trip-button";
import { ForgetTrip } from "@/components/offline/service-worker";
import { Card } from "@/components/ui/card";
import { FormMessage } from "@/components/ui/field";
import { tripsOnThisDevice } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { TripId } from "@/lib/schemas/trip";

const FEATURES = [
  { icon: CalendarRange, text: "See the dates that work for everyone on one calendar" },
  { icon: PiggyBank, text: "Spot budget gaps before anyone books anything" },
  { icon: ShieldCheck, text: "Dietary needs, accessibility and hard no's respected" },
  { icon: Sparkles, text: "Destination ideas and a day-by-day plan for the whole group" },
];

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; notice?: string; launch?: string; trip?: string }>;
}) {
  const { error, notice, launch, trip } = await searchParams;
  const ctx = await requestContext();
  const myTrips = await tripsOnThisDevice(
    (await cookies()).getAll().map((c) => c.name),
    ctx,
  );
  // Opened from the home screen (the manifest's start_url): straight into this device's latest trip.
  const [latest] = myTrips;
  if (launch === "app" && latest) redirect(`/trips/${latest.trip.id}`);
  return (
    <div className="space-y-10">
      <section className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Plan a group trip without the group chat.
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          Everyone fills in one short form; TripSync shows where the group agrees, where it conflicts and who needs to
          change what.
        </p>
        <ul className="mt-5 grid gap-2 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-2 text-sm text-slate-700">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
              {text}
            </li>
          ))}
        </ul>
      </section>

      {notice === "trip-deleted" ? (
        <FormMessage tone="success">
          The trip was deleted, with everyone's answers, plans and links. Nothing of it is kept.
        </FormMessage>
      ) : null}

      {notice === "left-trip" && trip && TripId.safeParse(trip).success ? <ForgetTrip tripId={trip} /> : null}
      {notice === "left-trip" ? (
        <FormMessage tone="success">
          You left the trip. Your answers, votes, flags and suggestions were erased, and this browser, your other
          devices and your personal link no longer open it.
        </FormMessage>
      ) : null}

      {error === "recovery" ? (
        <FormMessage tone="error">
          That recovery link isn't valid any more. The organizer can make a new one from the trip's dashboard.
        </FormMessage>
      ) : null}
      {error === "recovery-used" ? (
        <FormMessage tone="error">
          That recovery link has already signed in a device: each one works once. On a device where you're signed in as
          organizer, make a new one from the trip's dashboard (Organizer tools). If that device isn't yours, sign it out
          on your Settings page: it's listed under Your devices as added with a recovery link.
        </FormMessage>
      ) : null}
      {error === "signin-other" ? (
        <FormMessage tone="error">
          This browser is already signed in to that trip as someone else, so the link was left unused. Open it in the
          browser of the person it's for (or a private window).
        </FormMessage>
      ) : null}
      {error === "signin" ? (
        <FormMessage tone="error">
          That sign-in link isn't valid any more: a personal link stops working when a new one is made, a link for
          another device works once, for 15 minutes, and a link the organizer made to help you back in works once,
          within a day. Make a new one on a device that's signed in, or ask the organizer to help you sign back in.
        </FormMessage>
      ) : null}

      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Create a trip" description="You'll be the organizer and get an invite link to share.">
          <CreateTripForm />
        </Card>
        <Card
          title="Just looking?"
          description="Open a demo trip with five friends who already answered — overlapping dates, a budget clash and all."
        >
          <DemoTripButton />
        </Card>
      </div>

      {myTrips.length > 0 ? (
        <Card title="Your trips on this device">
          <ul className="divide-y divide-slate-100">
            {myTrips.map(({ trip, member, isOrganizer }) => (
              <li key={trip.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  href={`/trips/${trip.id}`}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {trip.name}
                </Link>
                <span className="text-sm text-slate-600">
                  as {member.name}
                  {isOrganizer ? " (organizer)" : ""}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
