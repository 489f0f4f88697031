import "server-only";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import {
  type DeviceOrigin,
  type Member,
  memberDevices,
  members,
  preferences,
  signInLinks,
  type Trip,
  trips,
} from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { publishTripEvent } from "./trip-events";

/**
 * A member's personal sign-in link: only one at a time, so issuing a new one (the member
 * after joining, or the organizer for them) retires the previous link. Devices it already
 * signed in stay signed in.
 */
export async function replacePersonalLink({ memberId, tokenHash }: { memberId: string; tokenHash: string }) {
  await transaction(async (tx) => {
    await tx.delete(signInLinks).where(and(eq(signInLinks.memberId, memberId), eq(signInLinks.kind, "personal")));
    await tx.insert(signInLinks).values({ memberId, kind: "personal", tokenHash });
  });
}

/**
 * A one-time link that signs one more device in as `memberId` until `expiresAt`: made by the
 * member on a device of theirs (`device`), or by the organizer for them (`helper`: the device
 * it signs in must then prove it is the member's).
 */
export async function createDeviceLink({
  memberId,
  tokenHash,
  expiresAt,
  kind = "device",
}: {
  memberId: string;
  tokenHash: string;
  expiresAt: Date;
  kind?: "device" | "helper";
}): Promise<void> {
  const db = await getDb();
  await db.insert(signInLinks).values({ memberId, kind, tokenHash, expiresAt });
}

/** Whose link this is (trip and member), without using it; null for no link. */
export async function signInLinkOwner({
  tokenHash,
}: {
  tokenHash: string;
}): Promise<{ tripId: string; memberId: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ tripId: members.tripId, memberId: members.id })
    .from(signInLinks)
    .innerJoin(members, eq(members.id, signInLinks.memberId))
    .where(eq(signInLinks.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Uses a sign-in link: a personal link any number of times, a device or help link once and
 * before it expires. The new device is added in the same transaction that spends the link, so
 * two browsers racing with one link get one device between them. A help link's device starts
 * out awaiting proof (see lib/actions/device-proof.ts).
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
  return transaction(async (tx) => {
    const [row] = await tx
      .select({ link: signInLinks, member: members, trip: trips })
      .from(signInLinks)
      .innerJoin(members, eq(members.id, signInLinks.memberId))
      .innerJoin(trips, eq(trips.id, members.tripId))
      .where(eq(signInLinks.tokenHash, tokenHash))
      .for("update", { of: signInLinks });
    if (!row) return null;
    if (row.link.kind !== "personal") {
      const spent = await tx
        .update(signInLinks)
        .set({ usedAt: now })
        .where(and(eq(signInLinks.id, row.link.id), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
        .returning({ id: signInLinks.id });
      if (spent.length === 0) return null;
    }
    await tx.insert(memberDevices).values({
      memberId: row.member.id,
      tokenHash: device.tokenHash,
      label: device.label,
      addedVia: row.link.kind,
      awaitingProof: row.link.kind === "helper",
    });
    return { trip: row.trip, member: row.member };
  });
}

export interface DeviceView {
  id: string;
  memberId: string;
  label: string;
  addedVia: DeviceOrigin | null;
  awaitingProof: boolean;
  startedOverAt: Date | null;
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
      addedVia: memberDevices.addedVia,
      awaitingProof: memberDevices.awaitingProof,
      startedOverAt: memberDevices.startedOverAt,
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
  return transaction(async (tx) => {
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

/**
 * Signs out every device of `memberId` but `keepDeviceId` (the one in hand), in one
 * transaction; each one's open views close. Returns how many were signed out.
 */
export async function deleteOtherDevices({
  tripId,
  memberId,
  keepDeviceId,
}: {
  tripId: string;
  memberId: string;
  keepDeviceId: string;
}): Promise<number> {
  return transaction(async (tx) => {
    const removed = await tx
      .delete(memberDevices)
      .where(and(eq(memberDevices.memberId, memberId), ne(memberDevices.id, keepDeviceId)))
      .returning({ id: memberDevices.id });
    for (const { id } of removed) {
      await publishTripEvent({ tx, tripId, event: { kind: "device.revoked", memberId, deviceId: id } });
    }
    return removed.length;
  });
}

/** Wrong home towns a member's help-link devices may type in all before confirming that way closes. */
export const MAX_PROOF_FAILURES = 5;

export type ProofOutcome =
  | { outcome: "confirmed" }
  | { outcome: "wrong"; triesLeft: number }
  /** The last try failed, or none were left: the device was signed out. */
  | { outcome: "closed" };

/**
 * A device awaiting proof offers the member's home town (already normalized by the caller).
 * The member row is locked, so parallel guesses are counted one by one. Right: the device
 * gets full rights and the count starts over. Wrong: counted; the try that reaches the limit
 * (or any try after it) signs the device out. Nothing of the stored answer is returned.
 */
export async function proveDeviceByHomeTown({
  memberId,
  deviceId,
  matches,
}: {
  memberId: string;
  deviceId: string;
  /** Whether the stored home town (null when none) is the one offered. */
  matches: (storedOrigin: string | null) => boolean;
}): Promise<ProofOutcome> {
  return transaction(async (tx) => {
    const [member] = await tx
      .select({ failures: members.proofFailures })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    const [answers] = await tx
      .select({ origin: sql<string | null>`${preferences.data}->>'origin'` })
      .from(preferences)
      .where(eq(preferences.memberId, memberId));
    const failures = member?.failures ?? MAX_PROOF_FAILURES;
    if (failures < MAX_PROOF_FAILURES && matches(answers?.origin ?? null)) {
      await tx.update(members).set({ proofFailures: 0 }).where(eq(members.id, memberId));
      await tx.update(memberDevices).set({ awaitingProof: false }).where(eq(memberDevices.id, deviceId));
      return { outcome: "confirmed" as const };
    }
    const now = Math.min(MAX_PROOF_FAILURES, failures + 1);
    await tx.update(members).set({ proofFailures: now }).where(eq(members.id, memberId));
    if (now < MAX_PROOF_FAILURES) return { outcome: "wrong" as const, triesLeft: MAX_PROOF_FAILURES - now };
    await tx.delete(memberDevices).where(eq(memberDevices.id, deviceId));
    return { outcome: "closed" as const };
  });
}
