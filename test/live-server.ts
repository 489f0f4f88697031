import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { tripCookieName } from "@/lib/auth/session";
import { tripEventsResponse } from "@/lib/live/stream";
import { browser, type TestBrowser } from "./browser";

/**
 * The live channel over real HTTP without Next: a node server that hands each request to
 * the same `tripEventsResponse` the route handler calls (cookies → membership → stream),
 * and an SSE client that reads it like a browser's EventSource would. Tests and the
 * benchmark use both.
 */

export interface LiveServer {
  url: string;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const server = createServer((req, res) => {
    serve(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const tripId = /^\/api\/trips\/([^/]+)\/events$/.exec(url.pathname)?.[1];
  if (!tripId) {
    res.writeHead(404).end();
    return;
  }
  const abort = new AbortController();
  res.on("close", () => abort.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const request = new Request(url, { headers, signal: abort.signal });
  const jar = new Map(
    (req.headers.cookie ?? "")
      .split(";")
      .map((part) => part.trim().split("=") as [string, string])
      .filter(([name, value]) => name && value),
  );
  const response = await tripEventsResponse({ request, ctx: browser(jar).ctx, tripId });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
}

export interface SseClient {
  status: number;
  retryAfter: string | null;
  /** Every message so far (`event` is undefined for trip events). */
  messages: EventSourceMessage[];
  /** Resolves with the first message (already received or still to come) that matches. */
  next(match: (message: EventSourceMessage) => boolean): Promise<EventSourceMessage>;
  /** Resolves when the server ends the stream (or we close it). */
  ended: Promise<void>;
  close(): void;
}

/** Opens the trip's live channel as `who` (their cookie), optionally resuming after an event id. */
export async function openLiveChannel(
  server: LiveServer,
  tripId: string,
  who: TestBrowser,
  {
    lastEventId,
    after,
    onMessage,
  }: { lastEventId?: number; after?: number; onMessage?: (message: EventSourceMessage) => void } = {},
): Promise<SseClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  const token = who.cookie(tripCookieName(tripId));
  if (token) headers.cookie = `${tripCookieName(tripId)}=${token}`;
  if (lastEventId !== undefined) headers["last-event-id"] = String(lastEventId);
  const query = after === undefined ? "" : `?after=${after}`;
  const response = await fetch(`${server.url}/api/trips/${tripId}/events${query}`, { headers, signal: abort.signal });
  const messages: EventSourceMessage[] = [];
  const waiters: { match: (m: EventSourceMessage) => boolean; resolve: (m: EventSourceMessage) => void }[] = [];
  const parser = createParser({
    onEvent(message) {
      messages.push(message);
      onMessage?.(message);
      for (const waiter of [...waiters]) {
        if (!waiter.match(message)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    },
  });
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const body = response.body as AsyncIterable<Uint8Array>;
    ended = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // Closed by us.
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    messages,
    next(match) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    ended,
    close: () => abort.abort(),
  };
}
