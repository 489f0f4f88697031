import type { DeviceView } from "@/lib/db/queries/devices";

/** A signed-in device as the member list and "Your devices" show it (plain data for client components). */
export interface DeviceRow {
  id: string;
  memberId: string;
  label: string;
  /** "Last seen 3 days ago", worded on the server so every viewer's page reads the same. */
  lastSeen: string;
  lastSeenMs: number;
  isThisDevice: boolean;
}

export function deviceRows(
  devices: DeviceView[],
  { now, thisDeviceId }: { now: Date; thisDeviceId: string },
): DeviceRow[] {
  return devices.map((d) => ({
    id: d.id,
    memberId: d.memberId,
    label: d.label,
    lastSeen: seenAgo(d.lastSeenAt, now),
    lastSeenMs: d.lastSeenAt.getTime(),
    isThisDevice: d.id === thisDeviceId,
  }));
}

/** "active in the last hour", "last seen 5 hours ago", "last seen yesterday", "last seen 12 days ago". */
export function seenAgo(at: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - at.getTime()) / 3_600_000);
  if (hours < 1) return "active in the last hour";
  if (hours < 24) return `last seen ${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "last seen yesterday" : `last seen ${days} days ago`;
}
