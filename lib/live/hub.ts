import "server-only";
import { type Db, getDb, listen } from "@/lib/db/client";
import { latestTripEventId, listTripEvents, tripChannel } from "@/lib/db/queries/trip-events";
import { logEvery } from "@/lib/log";
import { TripEvent } from "@/lib/schemas/trip-events";

/**
 * One listener per trip per process, shared by every open stream of that trip: the first
 * subscriber of a trip LISTENs on its channel, the last one to leave UNLISTENs. An event
 * is parsed once and handed to every subscriber, so fan-out costs no query per connection.
 * One timer per process (not per connection) sends the keep-alive ticks.
 *
 * If the listening connection drops (Postgres restart, network), postgres.js reconnects
 * and LISTENs again; the hub then reads what it missed from `trip_events` and delivers it,
 * so subscribers see no gap.
 */

export interface Subscriber {
  onEvent(event: TripEvent): void;
  onTick(): void;
}

interface Topic {
  subscribers: Set<Subscriber>;
  /** Resolves once LISTEN is in place and `lastId` is known. */
  ready: Promise<void>;
  /** The highest event id seen: where a catch-up read starts. */
  lastId: number;
  /** Notifications held back while a catch-up read runs. */
  held: TripEvent[] | null;
  /** A catch-up is running; `again`: another reconnect came during it, so one more follows. */
  catchingUp: boolean;
  again: boolean;
  unlisten: (() => Promise<void>) | null;
}

const TICK_MS = 15_000;
const CATCH_UP_LIMIT = 1000;
/** A failed catch-up read is tried again after 0.5, 1, 2, 4, then every 5 s while anyone listens. */
const CATCH_UP_RETRY_MS = 250;

export class TripHub {
  private readonly topics = new Map<string, Topic>();
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** A failed catch-up read is logged at most once a minute for the whole process (one outage, one line). */
  private readonly catchUpFailures = logEvery(60_000);

  /** Starts delivering the trip's events to `subscriber`; resolves once nothing published from now on can be missed. */
  async subscribe(tripId: string, subscriber: Subscriber): Promise<() => void> {
    let topic = this.topics.get(tripId);
    if (!topic) {
      topic = this.open(tripId);
      this.topics.set(tripId, topic);
    }
    topic.subscribers.add(subscriber);
    this.ticker ??= setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref?.();
    try {
      await topic.ready;
    } catch (error) {
      this.leave(tripId, topic, subscriber);
      throw error;
    }
    const joined = topic;
    return () => this.leave(tripId, joined, subscriber);
  }

  /** Trips listened to and subscribers, for /status and tests. */
  stats(): { trips: number; subscribers: number } {
    let subscribers = 0;
    for (const topic of this.topics.values()) subscribers += topic.subscribers.size;
    return { trips: this.topics.size, subscribers };
  }

  private open(tripId: string): Topic {
    const topic: Topic = {
      subscribers: new Set(),
      ready: Promise.resolve(),
      lastId: 0,
      held: null,
      catchingUp: false,
      again: false,
      unlisten: null,
    };
    let listening = false;
    topic.ready = (async () => {
      const unlisten = await listen(
        tripChannel(tripId),
        (payload) => this.deliver(topic, payload),
        () => {
          // The first call is the initial LISTEN; a later one follows a reconnect.
          if (listening) this.catchUp(tripId, topic);
          listening = true;
        },
      );
      topic.lastId = Math.max(topic.lastId, await latestTripEventId({ tripId }));
      if (this.topics.get(tripId) === topic) topic.unlisten = unlisten;
      else await unlisten(); // Everyone left while LISTEN was being set up.
    })();
    topic.ready.catch(() => {
      if (this.topics.get(tripId) === topic) this.topics.delete(tripId);
    });
    return topic;
  }

  private deliver(topic: Topic, payload: string): void {
    let event: TripEvent;
    try {
      event = TripEvent.parse(JSON.parse(payload));
    } catch (error) {
      console.error("[live] unreadable notification", error);
      return;
    }
    if (topic.held) topic.held.push(event);
    else this.fanOut(topic, event);
  }

  private fanOut(topic: Topic, event: TripEvent): void {
    topic.lastId = Math.max(topic.lastId, event.id);
    for (const subscriber of topic.subscribers) {
      try {
        subscriber.onEvent(event);
      } catch (error) {
        console.error("[live] subscriber failed", error);
      }
    }
  }

  /**
   * After a reconnect: deliver what was committed while nobody listened, then what arrived
   * during that read (held back so the order stays by id; subscribers drop repeats).
   * One catch-up per trip at a time: a reconnect during one (postgres.js may reconnect several
   * times in one outage) asks for one more read after it, not a second read beside it.
   */
  private catchUp(tripId: string, topic: Topic): void {
    if (topic.catchingUp) {
      topic.again = true;
      return;
    }
    topic.catchingUp = true;
    topic.held = [];
    void (async () => {
      try {
        let failures = 0;
        do {
          topic.again = false;
          try {
            const missed = await listTripEvents({ tripId, afterId: topic.lastId, limit: CATCH_UP_LIMIT });
            for (const event of missed) this.fanOut(topic, event);
          } catch (error) {
            this.catchUpFailures.report((failures) =>
              console.error(`[live] could not catch up after a reconnect (${failures} failed reads); retrying`, error),
            );
            failures++;
            topic.again = true;
            await new Promise((resolve) => setTimeout(resolve, Math.min(CATCH_UP_RETRY_MS * 2 ** failures, 5_000)));
          }
        } while (topic.again && this.topics.get(tripId) === topic);
      } finally {
        const held = topic.held ?? [];
        topic.held = null;
        topic.catchingUp = false;
        for (const event of held.sort((a, b) => a.id - b.id)) this.fanOut(topic, event);
      }
    })();
  }

  private leave(tripId: string, topic: Topic, subscriber: Subscriber): void {
    topic.subscribers.delete(subscriber);
    if (topic.subscribers.size > 0 || this.topics.get(tripId) !== topic) return;
    this.topics.delete(tripId);
    const unlisten = topic.unlisten;
    topic.unlisten = null;
    if (unlisten) unlisten().catch((error) => console.error("[live] unlisten failed", error));
    if (this.topics.size === 0 && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private tick(): void {
    for (const topic of this.topics.values()) {
      for (const subscriber of topic.subscribers) subscriber.onTick();
    }
  }
}

// On globalThis, like the database handle, so a dev-server reload keeps one hub per handle.
const globalKey = Symbol.for("tripsync.tripHubs");
type GlobalWithHubs = typeof globalThis & { [globalKey]?: WeakMap<Db, TripHub> };

/** The hub of the current database handle (a new handle, as in tests, gets a new hub). */
export async function tripHub(): Promise<TripHub> {
  const db = await getDb();
  const g = globalThis as GlobalWithHubs;
  g[globalKey] ??= new WeakMap();
  const hubs = g[globalKey];
  let hub = hubs.get(db);
  if (!hub) {
    hub = new TripHub();
    hubs.set(db, hub);
  }
  return hub;
}
