import type { DeviceView } from "@/lib/db/queries/devices";
import type { DeviceOrigin } from "@/lib/db/schema";
import type { AiScope } from "@/lib/schemas/ai-connections";

/** A signed-in device as the member list and "Your devices" show it (plain data for client components). */
export interface DeviceRow {
  id: string;
  memberId: string;
  label: string;
  /** "Last seen 3 days ago", worded on the server so every viewer's page reads the same. */
  lastSeen: string;
  lastSeenMs: number;
  isThisDevice: boolean;
  /** How and when it was added, and what it did that its member should know: "Added with a link the organizer made, Nov 27 18:40". */
  added: string;
  /** Added with the organizer's help link and not (yet) shown to be the member's: it can see and do nothing. */
  awaitingProof: boolean;
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
    added: addedLine(d),
    awaitingProof: d.awaitingProof,
  }));
}

const ORIGIN_WORDS: Record<DeviceOrigin, string> = {
  created: "Added when the trip was created",
  invite: "Added when joining with the invite",
  personal: "Added with the personal sign-in link",
  device: "Added with a one-time link from another device",
  helper: "Added with a link the organizer made",
  recovery: "Added with a recovery link",
};

/** "Added with a link the organizer made, Nov 27 18:40 · started over: answers erased Nov 27 18:45" (UTC). */
export function addedLine(d: Pick<DeviceView, "addedVia" | "createdAt" | "awaitingProof" | "startedOverAt">): string {
  const how = d.addedVia ? ORIGIN_WORDS[d.addedVia] : "Added";
  const parts = [`${how}, ${shortDateTime(d.createdAt)}`];
  if (d.awaitingProof) parts.push("not confirmed yet: it can't see or do anything");
  if (d.startedOverAt) parts.push(`started over: answers erased ${shortDateTime(d.startedOverAt)}`);
  return parts.join(" · ");
}

/** "Nov 27 18:40" in UTC, the same for every viewer and on the server and in the browser. */
export function shortDateTime(at: Date): string {
  const month = at.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  const time = at.toISOString().slice(11, 16);
  return `${month} ${at.getUTCDate()} ${time} UTC`;
}

/** "active in the last hour", "last seen 5 hours ago", "last seen yesterday", "last seen 12 days ago". */
export function seenAgo(at: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - at.getTime()) / 3_600_000);
  if (hours < 1) return "active in the last hour";
  if (hours < 24) return `last seen ${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "last seen yesterday" : `last seen ${days} days ago`;
}

export type AiConnectionRow = {
  id: string;
  label: string;
  scopes: AiScope[];
  /** "works until Dec 4" or "expired Nov 20". */
  until: string;
  expired: boolean;
  lastUsed: string;
};

/** A member's AI connections as their devices card lists them (own only). */
export function aiConnectionRows(
  connections: { id: string; label: string; scopes: AiScope[]; expiresAt: Date; lastUsedAt: Date | null }[],
  now: Date,
): AiConnectionRow[] {
  return connections.map((c) => {
    const expired = c.expiresAt.getTime() <= now.getTime();
    return {
      id: c.id,
      label: c.label,
      scopes: c.scopes,
      expired,
      until: `${expired ? "expired" : "works until"} ${shortDateTime(c.expiresAt)}`,
      lastUsed: c.lastUsedAt ? seenAgo(c.lastUsedAt, now).replace("last seen", "last used") : "not used yet",
    };
  });
}
