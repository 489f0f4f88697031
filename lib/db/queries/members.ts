import "server-only";
import { and, asc, count, eq, or, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sqlState, UNIQUE_VIOLATION } from "@/lib/db/errors";
import { type Member, members, preferences, type Trip, trips } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { publishTripEvent } from "./trip-events";

export const MAX_MEMBERS_PER_TRIP = 100;

/** The member of `tripId` whose token (or, for the organizer, recovery token) hashes to `tokenHash`. */
export async function findCaller({
  tripId,
  tokenHash,
}: {
  tripId: string;
  tokenHash: string;
}): Promise<{ trip: Trip; member: Member } | null> {
  return memberWithTrip(
    and(eq(members.tripId, tripId), or(eq(members.tokenHash, tokenHash), eq(members.recoveryTokenHash, tokenHash))),
  );
}

export async function findOrganizerByRecoveryHash({
  tokenHash,
}: {
  tokenHash: string;
}): Promise<{ trip: Trip; member: Member } | null> {
  return memberWithTrip(and(eq(members.recoveryTokenHash, tokenHash), eq(members.role, "organizer")));
}

async function memberWithTrip(where: SQL | undefined): Promise<{ trip: Trip; member: Member } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ trip: trips, member: members })
    .from(members)
    .innerJoin(trips, eq(trips.id, members.tripId))
    .where(where);
  return row ?? null;
}

/**
 * Adds a member, refusing a full trip or a name already taken in it. The trip row is
 * locked so that concurrent joins can't push the trip past the limit.
 */
export async function addMember({
  tripId,
  name,
  tokenHash,
}: {
  tripId: string;
  name: string;
  tokenHash: string;
}): Promise<Member> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for("update");
      const [counted] = await tx.select({ n: count() }).from(members).where(eq(members.tripId, tripId));
      if ((counted?.n ?? 0) >= MAX_MEMBERS_PER_TRIP) {
        throw new AppError(
          "limit:members",
          `This trip already has ${MAX_MEMBERS_PER_TRIP} members, the most we allow.`,
        );
      }
      const [member] = await tx.insert(members).values({ tripId, name, tokenHash }).returning();
      if (!member) throw new Error("insert into members returned no row");
      await publishTripEvent({ tx, tripId, event: { kind: "member.joined", memberId: member.id } });
      return member;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new AppError(
        "conflict:name",
        "Someone in this trip already uses that name. Add an initial or a nickname.",
        {
          name: "Someone in this trip already uses that name",
        },
      );
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
  await db.update(members).set({ recoveryTokenHash }).where(eq(members.id, memberId));
}

/** Removes a (non-organizer) member and, by cascade, their preferences. Returns whether one was removed. */
export async function deleteMember({ tripId, memberId }: { tripId: string; memberId: string }): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(members)
      .where(and(eq(members.tripId, tripId), eq(members.id, memberId), eq(members.role, "member")))
      .returning({ id: members.id });
    if (removed.length === 0) return false;
    await publishTripEvent({ tx, tripId, event: { kind: "member.left", memberId } });
    return true;
  });
}

export interface MemberWithPreferences {
  id: string;
  name: string;
  role: Member["role"];
  joinedAt: Date;
  preferences: MemberPreferences | null;
  preferencesUpdatedAt: Date | null;
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
    })
    .from(members)
    .leftJoin(preferences, eq(preferences.memberId, members.id))
    .where(eq(members.tripId, tripId))
    .orderBy(asc(members.createdAt), asc(members.id));
  return rows.map(({ data, ...row }) => ({
    ...row,
    preferences: data === null ? null : MemberPreferences.parse(data),
  }));
}
