import "server-only";
import { and, asc, count, eq, gt } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { type AiConnection, aiConnections, type Member, members, type Trip, trips } from "@/lib/db/schema";
import type { AiScope } from "@/lib/schemas/ai-connections";

/** A member's AI connections (MCP bearer tokens): only the token's hash is stored. */

export async function createAiConnection(row: {
  memberId: string;
  tokenHash: string;
  label: string;
  scopes: AiScope[];
  expiresAt: Date;
}): Promise<AiConnection> {
  const db = await getDb();
  const [created] = await db.insert(aiConnections).values(row).returning();
  if (!created) throw new Error("AI connection not stored");
  return created;
}

/** How many connections the member has that still work. */
export async function countLiveAiConnections({ memberId, now = new Date() }: { memberId: string; now?: Date }) {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(aiConnections)
    .where(and(eq(aiConnections.memberId, memberId), gt(aiConnections.expiresAt, now)));
  return row?.n ?? 0;
}

export type AiConnectionView = Pick<AiConnection, "id" | "label" | "scopes" | "expiresAt" | "createdAt" | "lastUsedAt">;

/** The member's connections, oldest first (expired ones too, until revoked: the list says so). */
export async function listAiConnections({ memberId }: { memberId: string }): Promise<AiConnectionView[]> {
  const db = await getDb();
  return db
    .select({
      id: aiConnections.id,
      label: aiConnections.label,
      scopes: aiConnections.scopes,
      expiresAt: aiConnections.expiresAt,
      createdAt: aiConnections.createdAt,
      lastUsedAt: aiConnections.lastUsedAt,
    })
    .from(aiConnections)
    .where(eq(aiConnections.memberId, memberId))
    .orderBy(asc(aiConnections.createdAt));
}

/** Revokes one of the member's own connections; false when it isn't theirs (or is gone). */
export async function deleteAiConnection({ memberId, connectionId }: { memberId: string; connectionId: string }) {
  const db = await getDb();
  const gone = await db
    .delete(aiConnections)
    .where(and(eq(aiConnections.id, connectionId), eq(aiConnections.memberId, memberId)))
    .returning({ id: aiConnections.id });
  return gone.length > 0;
}

/** Touch at most this often (a connection's "last used" is for the member, not an audit log). */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The connection a bearer token's hash names, with its member and trip, if it still works
 * (not expired, not revoked). Never consulted for a cookie.
 */
export async function findAiConnection({
  tokenHash,
  now = new Date(),
}: {
  tokenHash: string;
  now?: Date;
}): Promise<{ trip: Trip; member: Member; connection: AiConnection } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ trip: trips, member: members, connection: aiConnections })
    .from(aiConnections)
    .innerJoin(members, eq(members.id, aiConnections.memberId))
    .innerJoin(trips, eq(trips.id, members.tripId))
    .where(and(eq(aiConnections.tokenHash, tokenHash), gt(aiConnections.expiresAt, now)));
  if (!row) return null;
  const last = row.connection.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last > LAST_USED_RESOLUTION_MS) {
    await db.update(aiConnections).set({ lastUsedAt: now }).where(eq(aiConnections.id, row.connection.id));
  }
  return row;
}
