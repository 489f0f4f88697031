import "server-only";
import { findAiConnection } from "@/lib/db/queries/ai-connections";
import { findCaller } from "@/lib/db/queries/members";
import type { Member, MemberDevice, Trip } from "@/lib/db/schema";
import { AppError, tripNotFound } from "@/lib/errors";
import type { AiScope } from "@/lib/schemas/ai-connections";
import { TripId } from "@/lib/schemas/trip";
import { type RequestContext, readTripToken, tripIdFromCookieName } from "./session";
import { hashToken, looksLikeToken } from "./tokens";

export interface Caller {
  trip: Trip;
  member: Member;
  /** The signed-in browser the request came from. */
  device: MemberDevice;
  isOrganizer: boolean;
  /** Set when the caller is an AI connection (MCP): which one, and its scopes. */
  connection?: { id: string; scopes: AiScope[] };
}

/**
 * The caller's membership of `tripId`, from the trip's cookie (the token of one of the
 * member's devices). No cookie, a forged, foreign or revoked token, and a trip that
 * doesn't exist all fail the same way, so a member of one trip learns nothing about another.
 */
export async function requireMember(ctx: RequestContext, tripId: string): Promise<Caller> {
  const caller = await anyDevice(ctx, tripId);
  if (caller.device.awaitingProof) throw unconfirmedDevice();
  return caller;
}

/**
 * A device signed in with a help link the organizer made, not yet shown to be the member's
 * (lib/actions/device-proof.ts): the only caller the "confirm it's you" page and its two
 * actions accept. Every other page, route and action goes through `requireMember`, which
 * refuses such a device, so it reads and does nothing as the member until it proves itself.
 */
export async function requireDeviceAwaitingProof(ctx: RequestContext, tripId: string): Promise<Caller> {
  const caller = await anyDevice(ctx, tripId);
  if (!caller.device.awaitingProof) {
    throw new AppError(
      "conflict:device-confirmed",
      "This device is already signed in as you: there's nothing to confirm.",
    );
  }
  return caller;
}

async function anyDevice(ctx: RequestContext, tripId: string): Promise<Caller> {
  if (ctx.bearer !== undefined) return aiConnectionCaller(ctx.bearer, tripId);
  const token = readTripToken(ctx, tripId);
  if (!TripId.safeParse(tripId).success || !looksLikeToken(token)) throw tripNotFound();
  const found = await findCaller({ tripId, tokenHash: hashToken(token) });
  if (!found) throw tripNotFound();
  return { ...found, isOrganizer: found.member.role === "organizer" };
}

/**
 * The member an AI connection acts for, from its bearer token: refused like a missing trip
 * when the token is unknown, expired, revoked or of another trip. It stands in the place of
 * a device (its id is the connection's), never awaiting proof.
 */
export async function aiConnectionCaller(bearer: string, tripId: string): Promise<Caller> {
  if (!TripId.safeParse(tripId).success || !looksLikeToken(bearer)) throw tripNotFound();
  const found = await findAiConnection({ tokenHash: hashToken(bearer) });
  if (!found || found.trip.id !== tripId) throw tripNotFound();
  const { connection, member, trip } = found;
  return {
    trip,
    member,
    isOrganizer: member.role === "organizer",
    connection: { id: connection.id, scopes: connection.scopes },
    device: {
      id: connection.id,
      memberId: member.id,
      tokenHash: connection.tokenHash,
      label: connection.label,
      addedVia: null,
      awaitingProof: false,
      startedOverAt: null,
      createdAt: connection.createdAt,
      lastSeenAt: connection.lastUsedAt ?? connection.createdAt,
    },
  };
}

function unconfirmedDevice(): AppError {
  return new AppError(
    "forbidden:unconfirmed",
    "This device was added with a link the organizer made. Confirm it's you on the trip's page first.",
  );
}

export async function requireOrganizer(ctx: RequestContext, tripId: string): Promise<Caller> {
  const caller = await requireMember(ctx, tripId);
  if (!caller.isOrganizer) throw new AppError("forbidden:organizer", "Only the trip's organizer can do that.");
  return caller;
}

const MAX_LISTED_TRIPS = 20;

/** The trips this browser holds a valid membership cookie for, newest first. */
export async function tripsOnThisDevice(cookieNames: string[], ctx: RequestContext): Promise<Caller[]> {
  const tripIds = cookieNames
    .map(tripIdFromCookieName)
    .filter((id): id is string => id !== null && TripId.safeParse(id).success)
    .slice(0, MAX_LISTED_TRIPS);
  const callers = await Promise.all(tripIds.map((id) => requireMember(ctx, id).catch(() => null)));
  return callers
    .filter((c): c is Caller => c !== null)
    .sort((a, b) => b.trip.createdAt.getTime() - a.trip.createdAt.getTime());
}
