import "server-only";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { type Member, memberDevices, members, signInLinks, type Trip, trips } from "@/lib/db/schema";
import { publishTripEvent } from "./trip-events";

/**
 * A member's personal sign-in link: only one at a time, so issuing a new one (the member
 * after joining, or the organizer for them) retires the previous link. Devices it already
 * signed in stay signed in.
 */
export async function replacePersonalLink({ memberId, tokenHash }: { memberId: string; tokenHash: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(signInLinks).where(and(eq(signInLinks.memberId, memberId), eq(signInLinks.kind, "personal")));
    await tx.insert(signInLinks).values({ memberId, kind: "personal", tokenHash });
  });
}

/** A one-time link that signs one more device in as `memberId` until `expiresAt`. */
export async function createDeviceLink({
  memberId,
  tokenHash,
  expiresAt,
}: {
  memberId: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<void> {
  const db = await getDb();
  await db.insert(signInLinks).values({ memberId, kind: "device", tokenHash, expiresAt });
}

/**
 * Uses a sign-in link: a personal link any number of times, a device link once and before
 * it expires. The new device is added in the same transaction that spends the link, so two
 * browsers racing with one device link get one device between them.
 */
export async function redeemSignInLink({
  tokenHash,
  device,
  now = new Date(),
}: {
  tokenHash: string;
  device: { tokenHash: string; label: string };
  now?: Date;
}): Promise<{ trip: Trip; member: Member } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ link: signInLinks, member: members, trip: trips })
      .from(signInLinks)
      .innerJoin(members, eq(members.id, signInLinks.memberId))
      .innerJoin(trips, eq(trips.id, members.tripId))
      .where(eq(signInLinks.tokenHash, tokenHash))
      .for("update", { of: signInLinks });
    if (!row) return null;
    if (row.link.kind === "device") {
      const spent = await tx
        .update(signInLinks)
        .set({ usedAt: now })
        .where(and(eq(signInLinks.id, row.link.id), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
        .returning({ id: signInLinks.id });
      if (spent.length === 0) return null;
    }
    await tx
      .insert(memberDevices)
      .values({ memberId: row.member.id, tokenHash: device.tokenHash, label: device.label });
    return { trip: row.trip, member: row.member };
  });
}

export interface DeviceView {
  id: string;
  memberId: string;
  label: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The signed-in devices of the trip's members (or of one member), oldest first. */
export async function listDevices({ tripId, memberId }: { tripId: string; memberId?: string }): Promise<DeviceView[]> {
  const db = await getDb();
  return db
    .select({
      id: memberDevices.id,
      memberId: memberDevices.memberId,
      label: memberDevices.label,
      createdAt: memberDevices.createdAt,
      lastSeenAt: memberDevices.lastSeenAt,
    })
    .from(memberDevices)
    .innerJoin(members, eq(members.id, memberDevices.memberId))
    .where(and(eq(members.tripId, tripId), memberId ? eq(memberDevices.memberId, memberId) : undefined))
    .orderBy(asc(memberDevices.createdAt), asc(memberDevices.id));
}

/**
 * Signs a device out for good (its cookie then opens nothing). Limited to the trip, and to
 * `memberId`'s own devices when given. Returns whether one was removed.
 */
export async function deleteDevice({
  tripId,
  deviceId,
  memberId,
}: {
  tripId: string;
  deviceId: string;
  memberId?: string;
}): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: memberDevices.id, memberId: memberDevices.memberId })
      .from(memberDevices)
      .innerJoin(members, eq(members.id, memberDevices.memberId))
      .where(
        and(
          eq(memberDevices.id, deviceId),
          eq(members.tripId, tripId),
          memberId ? eq(memberDevices.memberId, memberId) : undefined,
        ),
      );
    if (!owned) return false;
    const removed = await tx
      .delete(memberDevices)
      .where(eq(memberDevices.id, owned.id))
      .returning({ id: memberDevices.id });
    if (removed.length === 0) return false;
    // Its open live views close, and the member lists that show it refresh.
    await publishTripEvent({
      tx,
      tripId,
      event: { kind: "device.revoked", memberId: owned.memberId, deviceId: owned.id },
    });
    return true;
  });
}

/** Whether `memberId` is a member of `tripId` (the organizer re-issuing someone's link). */
export async function memberOfTrip({ tripId, memberId }: { tripId: string; memberId: string }): Promise<Member | null> {
  const db = await getDb();
  const [member] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.tripId, tripId)));
  return member ?? null;
}
