import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { type Member, members, preferences, type Trip, trips } from "@/lib/db/schema";
import type { MemberPreferences } from "@/lib/schemas/preferences";

/** A new trip, its organizer and (for the demo) members who already answered — all or nothing. */
export async function createTripWithOrganizer({
  name,
  inviteToken,
  organizer,
  answeredMembers = [],
}: {
  name: string;
  inviteToken: string;
  organizer: { name: string; tokenHash: string };
  answeredMembers?: { name: string; tokenHash: string; preferences: MemberPreferences }[];
}): Promise<{ trip: Trip; organizer: Member }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [trip] = await tx.insert(trips).values({ name, inviteToken }).returning();
    if (!trip) throw new Error("insert into trips returned no row");
    const [member] = await tx
      .insert(members)
      .values({ tripId: trip.id, name: organizer.name, role: "organizer", tokenHash: organizer.tokenHash })
      .returning();
    if (!member) throw new Error("insert into members returned no row");
    for (const other of answeredMembers) {
      const [inserted] = await tx
        .insert(members)
        .values({ tripId: trip.id, name: other.name, tokenHash: other.tokenHash })
        .returning({ id: members.id });
      if (!inserted) throw new Error("insert into members returned no row");
      await tx.insert(preferences).values({ memberId: inserted.id, tripId: trip.id, data: other.preferences });
    }
    return { trip, organizer: member };
  });
}

export async function getTripByInviteToken({
  inviteToken,
}: {
  inviteToken: string;
}): Promise<{ trip: Trip; memberCount: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      trip: trips,
      memberCount: sql<number>`(select count(*)::int from ${members} where ${members.tripId} = ${trips.id})`,
    })
    .from(trips)
    .where(eq(trips.inviteToken, inviteToken));
  return row ?? null;
}

export async function replaceInviteToken({
  tripId,
  inviteToken,
}: {
  tripId: string;
  inviteToken: string;
}): Promise<void> {
  const db = await getDb();
  await db.update(trips).set({ inviteToken, updatedAt: new Date() }).where(eq(trips.id, tripId));
}

export async function getTrip({ tripId }: { tripId: string }): Promise<Trip | null> {
  const db = await getDb();
  const [trip] = await db.select().from(trips).where(eq(trips.id, tripId));
  return trip ?? null;
}
