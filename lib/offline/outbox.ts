import { type DBSchema, openDB } from "idb";

/**
 * The device's outbox (IndexedDB, per browser profile): a flag, a suggestion or an expense a
 * member wrote with no network waits here, with the words they typed, until it can be sent.
 * Each write carries the key the device made for it (lib/schemas/offline.ts), so sending it
 * again after a lost answer never makes a second row: the server answers with the first
 * outcome. A write the server refused stays, with why, until the member has copied or
 * dismissed it. Read by the page (components/offline/outbox.tsx) and cleared by the service
 * worker too (lib/offline/sw.ts) when the device no longer opens the trip.
 */

export const OUTBOX_DB = "tripsync-outbox";
const STORE = "writes";

export type OutboxKind = "flag" | "suggestion" | "expense";

export type OutboxEntry = {
  /** The write's key, also sent as its `clientKey`. */
  key: string;
  tripId: string;
  kind: OutboxKind;
  /** The action's input as the form would have sent it (with `clientKey`). */
  input: Record<string, unknown> & { tripId: string; clientKey: string };
  /** What it is, in a line: "Flag on Belém Tower: Not my thing". */
  summary: string;
  /** The words the member typed (shown, and copied to redo it). */
  text: string;
  createdAt: string;
  state: "waiting" | "refused";
  /** Why the server refused it. */
  reason?: string;
};

interface OutboxSchema extends DBSchema {
  writes: { key: string; value: OutboxEntry; indexes: { trip: string } };
}

/** Told when the outbox changes (this tab or another), so lists re-read it. */
export const OUTBOX_CHANGED = "tripsync-outbox-changed";

function openOutbox() {
  return openDB<OutboxSchema>(OUTBOX_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "key" }).createIndex("trip", "tripId");
    },
  });
}

function changed(tripId: string) {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(OUTBOX_CHANGED, { detail: { tripId } }));
  if ("BroadcastChannel" in window) {
    const channel = new BroadcastChannel(OUTBOX_CHANGED);
    channel.postMessage({ tripId });
    channel.close();
  }
}

export async function keepForLater(entry: Omit<OutboxEntry, "state" | "createdAt">): Promise<void> {
  const db = await openOutbox();
  await db.put(STORE, { ...entry, state: "waiting", createdAt: new Date().toISOString() });
  changed(entry.tripId);
}

/** The trip's writes on this device, oldest first (the order they are sent in). */
export async function writesOf(tripId: string): Promise<OutboxEntry[]> {
  const db = await openOutbox();
  const all = await db.getAllFromIndex(STORE, "trip", tripId);
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function removeWrite(entry: Pick<OutboxEntry, "key" | "tripId">): Promise<void> {
  const db = await openOutbox();
  await db.delete(STORE, entry.key);
  changed(entry.tripId);
}

async function markRefused(entry: OutboxEntry, reason: string): Promise<void> {
  const db = await openOutbox();
  await db.put(STORE, { ...entry, state: "refused", reason });
  changed(entry.tripId);
}

/** Everything this device kept of a trip's writes: gone when the device no longer opens the trip. */
export async function forgetTripWrites(tripId: string): Promise<void> {
  const db = await openOutbox();
  const tx = db.transaction(STORE, "readwrite");
  for (const key of await tx.store.index("trip").getAllKeys(tripId)) await tx.store.delete(key);
  await tx.done;
  changed(tripId);
}

/** What the server answered a send (an action's result). */
export type SendAnswer =
  | { ok: true }
  | { ok: false; code: string; message: string; fieldErrors?: Record<string, string | undefined> };

/** The answers that mean this device is no longer in the trip (signed out, left, removed). */
export const lostTheTrip = (answer: SendAnswer) =>
  !answer.ok && (answer.code === "not_found:trip" || answer.code.startsWith("forbidden:unconfirmed"));

/**
 * Sends the trip's waiting writes, oldest first, one at a time (one tab at a time, where the
 * browser has locks). A send that fails on the network stops the round: the rest wait for the
 * next one. Accepted: out of the outbox. Refused: kept with the server's reason. Answered
 * "not in this trip": the device is out of it, and the trip's writes go (`onLostTrip`).
 */
export async function sendWaiting(
  tripId: string,
  send: (entry: OutboxEntry) => Promise<SendAnswer>,
  onLostTrip: () => Promise<void>,
): Promise<{ sent: number; refused: number }> {
  const round = async () => {
    let sent = 0;
    let refused = 0;
    for (const entry of await writesOf(tripId)) {
      if (entry.state !== "waiting") continue;
      let answer: SendAnswer;
      try {
        answer = await send(entry);
      } catch {
        break; // No network (or it dropped mid-send): the key makes the next try safe.
      }
      if (answer.ok) {
        await removeWrite(entry);
        sent++;
      } else if (lostTheTrip(answer)) {
        await onLostTrip();
        break;
      } else {
        // A field's message often repeats the answer's own: each said once.
        const fields = Object.values(answer.fieldErrors ?? {}).filter((m): m is string => Boolean(m));
        await markRefused(entry, [...new Set([answer.message, ...fields])].join(" "));
        refused++;
      }
    }
    return { sent, refused };
  };
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request(`${OUTBOX_DB}-${tripId}`, round) : round();
}
