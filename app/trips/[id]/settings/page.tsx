import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AiConnections } from "@/components/trip/ai-connections";
import { DeviceList } from "@/components/trip/device-list";
import { NotificationSettings } from "@/components/trip/notification-settings";
import { Card } from "@/components/ui/card";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { listAiConnections } from "@/lib/db/queries/ai-connections";
import { listDevices } from "@/lib/db/queries/devices";
import { getNotificationSettings } from "@/lib/db/queries/notifications";
import { aiConnectionRows, deviceRows } from "@/lib/views/devices";

export const metadata: Metadata = { title: "Your settings" };

/**
 * The viewer's own settings for a trip, in one place: where they're signed in, the AI apps
 * that act as them, and the email they hear from. Everything here is theirs alone: no other
 * member's devices, connections or address is read for this page.
 */
export default async function SettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await requireMember(await requestContext(), id).catch(() => notFound());
  const tripId = caller.trip.id;
  const [deviceList, aiConnectionList, notificationSettings] = await Promise.all([
    listDevices({ tripId, memberId: caller.member.id }),
    listAiConnections({ memberId: caller.member.id }),
    getNotificationSettings({ memberId: caller.member.id }),
  ]);
  const now = new Date();
  return (
    <div className="mx-auto max-w-3xl space-y-4 sm:space-y-6">
      <div className="space-y-1">
        <Link href={`/trips/${tripId}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
          <ArrowLeft aria-hidden className="size-4" />
          Trip dashboard
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your settings</h1>
        <p className="text-slate-700">
          For {caller.trip.name}, as {caller.member.name}. Only you see this page.
        </p>
      </div>
      <Card
        title="Your devices"
        description="Where you're signed in to this trip. Your personal link, or a link made here, signs in one more."
      >
        <DeviceList tripId={tripId} devices={deviceRows(deviceList, { now, thisDeviceId: caller.device.id })} />
      </Card>
      <Card title="AI connections">
        <AiConnections tripId={tripId} connections={aiConnectionRows(aiConnectionList, now)} />
      </Card>
      <Card
        title="Email notifications"
        description="Hear about your turn when you're not on the trip's pages: a request, a vote, the plan."
      >
        <NotificationSettings tripId={tripId} initial={notificationSettings} />
      </Card>
    </div>
  );
}
