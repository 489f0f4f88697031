import "server-only";

/**
 * Caps on open event streams, so one member (or one trip) can't hold the server's
 * connections: a member gets a few (tabs, devices), a trip room for every member and
 * then some. Counted per process; a stream frees its slot when it closes.
 */
export const STREAM_LIMITS = {
  perMember: 5,
  perTrip: 200,
  /** What a refused browser is told to wait (`Retry-After`, seconds). */
  retryAfterSeconds: 30,
} as const;

export type StreamSlot = { release(): void };

const globalKey = Symbol.for("tripsync.streamSlots");
type Counts = { byMember: Map<string, number>; byTrip: Map<string, number> };
type GlobalWithSlots = typeof globalThis & { [globalKey]?: Counts };

function counts(): Counts {
  const g = globalThis as GlobalWithSlots;
  g[globalKey] ??= { byMember: new Map(), byTrip: new Map() };
  return g[globalKey];
}

/** A slot for one more stream of this member in this trip, or null when either cap is reached. */
export function acquireStreamSlot({ tripId, memberId }: { tripId: string; memberId: string }): StreamSlot | null {
  const { byMember, byTrip } = counts();
  const member = byMember.get(memberId) ?? 0;
  const trip = byTrip.get(tripId) ?? 0;
  if (member >= STREAM_LIMITS.perMember || trip >= STREAM_LIMITS.perTrip) return null;
  byMember.set(memberId, member + 1);
  byTrip.set(tripId, trip + 1);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      decrement(byMember, memberId);
      decrement(byTrip, tripId);
    },
  };
}

/** Streams open in this process. */
export function openStreamCount(): number {
  let total = 0;
  for (const n of counts().byTrip.values()) total += n;
  return total;
}

function decrement(map: Map<string, number>, key: string): void {
  const next = (map.get(key) ?? 1) - 1;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}
