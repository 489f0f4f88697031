import "server-only";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sqlState, UNIQUE_VIOLATION } from "@/lib/db/errors";
import {
  type DeviceOrigin,
  type Member,
  type MemberDevice,
  memberDevices,
  members,
  preferences,
  type Trip,
  trips,
} from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { publishTripEvent } from "./trip-events";

export const MAX_MEMBERS_PER_TRIP = 100;

/** Most often the person is already in the trip, on another device: say how to get back in. */
export const NAME_TAKEN_FIELD =
  "Someone in this trip already uses that name. If that's you, open your personal sign-in link instead, or ask the " +
  "organizer for a new one.";
export const NAME_TAKEN_MESSAGE =
  "Someone in this trip already uses that name. If that's you on another device, open your personal sign-in link " +
  "(or ask the organizer for a new one) instead of joining again. Otherwise, add an initial or a nickname.";

/** What a join answers when the invite link opens no trip (any more). */
export const INVITE_GONE = "This invite link is no longer valid. Ask the organizer for a new one.";

/** How stale a device's "last seen" may get before a request refreshes it (one write per device per window). */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** The member of `tripId` signed in on the device whose token hashes to `tokenHash`. */
export async function findCaller({
  tripId,
  tokenHash,
}: {
  tripId: string;
  tokenHash: string;
}): Promise<{ trip: Trip; member: Member; device: MemberDevice } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ trip: trips, member: members, device: memberDevices })
    .from(memberDevices)
    .innerJoin(members, eq(members.id, memberDevices.memberId))
    .innerJoin(trips, eq(trips.id, members.tripId))
    .where(and(eq(memberDevices.tokenHash, tokenHash), eq(members.tripId, tripId)));
  if (!row) return null;
  if (Date.now() - row.device.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(memberDevices).set({ lastSeenAt: new Date() }).where(eq(memberDevices.id, row.device.id));
  }
  return row;
}

/** Signs one more browser in as `memberId`; its cookie will hold the token hashed to `tokenHash`. */
export async function addDevice({
  memberId,
  tokenHash,
  label,
  addedVia = null,
}: {
  memberId: string;
  tokenHash: string;
  label: string;
  addedVia?: DeviceOrigin | null;
}): Promise<MemberDevice> {
  const db = await getDb();
  const [device] = await db.insert(memberDevices).values({ memberId, tokenHash, label, addedVia }).returning();
  if (!device) throw new Error("insert into member_devices returned no row");
  return device;
}

/**
 * Adds a member, refusing a full trip or a name already taken in it. The trip row is
 * locked so that concurrent joins can't push the trip past the limit.
 */
export async function addMember({
  tripId,
  name,
  tokenHash,
  deviceLabel = "A browser",
}: {
  tripId: string;
  name: string;
  /** The joining browser's token: it becomes the member's first device. */
  tokenHash: string;
  deviceLabel?: string;
}): Promise<Member> {
  try {
    return await transaction(async (tx) => {
      const [trip] = await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for("no key update");
      // Deleted since the invite was read (a deletion committed first): the link opens nothing now.
      if (!trip) throw new AppError("not_found:invite", INVITE_GONE);
      const [counted] = await tx.select({ n: count() }).from(members).where(eq(members.tripId, tripId));
      if ((counted?.n ?? 0) >= MAX_MEMBERS_PER_TRIP) {
        throw new AppError(
          "limit:members",
          `This trip already has ${MAX_MEMBERS_PER_TRIP} members, the most we allow.`,
        );
      }
      const [member] = await tx.insert(members).values({ tripId, name }).returning();
      if (!member) throw new Error("insert into members returned no row");
      await tx.insert(memberDevices).values({ memberId: member.id, tokenHash, label: deviceLabel, addedVia: "invite" });
      await publishTripEvent({ tx, tripId, event: { kind: "member.joined", memberId: member.id } });
      return member;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new AppError("conflict:name", NAME_TAKEN_MESSAGE, { name: "Someone in this trip already uses that name" });
    }
    throw error;
  }
}

export async function setRecoveryTokenHash({
  memberId,
  recoveryTokenHash,
}: {
  memberId: string;
  recoveryTokenHash: string;
}): Promise<void> {
  const db = await getDb();
  // A new link works once again; the old one stops working.
  await db.update(members).set({ recoveryTokenHash, recoveryUsedAt: null }).where(eq(members.id, memberId));
}

/**
 * Uses the organizer's recovery link: it signs in one device, once. The member row is
 * locked, so two browsers racing with one link get one device between them. `used` says
 * when a spent link was used (the page tells its holder to make a new one).
 */
export async function redeemRecoveryLink({
  tokenHash,
  device,
  now = new Date(),
}: {
  tokenHash: string;
  device: { tokenHash: string; label: string };
  now?: Date;
}): Promise<{ trip: Trip; member: Member } | { used: Date } | null> {
  return transaction(async (tx) => {
    const [row] = await tx
      .select({ trip: trips, member: members })
      .from(members)
      .innerJoin(trips, eq(trips.id, members.tripId))
      .where(and(eq(members.recoveryTokenHash, tokenHash), eq(members.role, "organizer")))
      .for("update", { of: members });
    if (!row) return null;
    if (row.member.recoveryUsedAt) return { used: row.member.recoveryUsedAt };
    await tx.update(members).set({ recoveryUsedAt: now }).where(eq(members.id, row.member.id));
    await tx.insert(memberDevices).values({
      memberId: row.member.id,
      tokenHash: device.tokenHash,
      label: device.label,
      addedVia: "recovery",
    });
    return row;
  });
}

export interface MemberWithPreferences {
  id: string;
  name: string;
  role: Member["role"];
  joinedAt: Date;
  preferences: MemberPreferences | null;
  preferencesUpdatedAt: Date | null;
  /** The version of their answers a save must name (null until they answer). */
  preferencesVersion: number | null;
  /** When they last started over on a device added with a help link (null if never). */
  startedOverAt: Date | null;
}

/** Every member of the trip in join order, with their parsed preferences (null until they answer). */
export async function listMembersWithPreferences({ tripId }: { tripId: string }): Promise<MemberWithPreferences[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      role: members.role,
      joinedAt: members.createdAt,
      data: preferences.data,
      preferencesUpdatedAt: preferences.updatedAt,
      preferencesVersion: preferences.version,
      startedOverAt: sql<
        Date | string | null
      >`(select max(${memberDevices.startedOverAt}) from ${memberDevices} where ${memberDevices.memberId} = ${members.id})`,
    })
    .from(members)
    .leftJoin(preferences, eq(preferences.memberId, members.id))
    .where(eq(members.tripId, tripId))
    .orderBy(asc(members.createdAt), asc(members.id));
  return rows.map(({ data, startedOverAt, ...row }) => ({
    ...row,
    startedOverAt: startedOverAt === null ? null : new Date(startedOverAt),
    preferences: data === null ? null : MemberPreferences.parse(data),
  }));
}
