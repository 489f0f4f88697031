import http, { type IncomingMessage } from "node:http";
import https from "node:https";

/**
 * Who is asking, for rate limits: the TCP peer's address, unless the operator says how
 * many reverse proxies stand in front of this server (`TRUST_PROXY=<n>`).
 *
 * Why it is taken here, at the HTTP server, and not from headers in a handler: Next.js
 * fills `X-Forwarded-For` from the socket only when the client sent none
 * (`req.headers['x-forwarded-for'] ??= socket.remoteAddress` in base-server.js), and gives
 * route handlers and server actions no other view of the socket. So a client that writes
 * its own `X-Forwarded-For` would pick its own rate-limit bucket. `next start` (and the
 * standalone server) runs the `node:http` server and our handlers in one process, and
 * `register()` in instrumentation.ts runs in it before requests are handled; there we wrap
 * the server's `request` event: every request's client address is worked out from the
 * socket (and the proxies' entries, when trusted) and written into a header of ours after
 * any copy the client sent is deleted, before Next sees the request. Handlers read that
 * header (lib/auth/request.ts). The wrap is on the prototype, so it covers a server made
 * before or after `register()`; a request that arrives while the server is still starting
 * (before `register()` ran) has no header and counts as "unknown", one shared bucket —
 * never a bucket the client chose.
 */
export const CLIENT_ADDRESS_HEADER = "x-tripsync-client-address";

/** Marks "the socket had no address" (a connection already gone) in the header. */
const UNKNOWN = "unknown";

/**
 * The client's address: with no trusted proxy, the socket's peer. With `trustProxy` = n,
 * the chain is the `X-Forwarded-For` entries followed by the socket's peer, and the client
 * is the entry n hops back from the socket (each trusted proxy appends the address it saw);
 * entries further left are whatever the client claimed and are never used. Fewer entries
 * than trusted hops → the leftmost one (the request skipped a proxy). A missing socket
 * address (no server hook) still counts as one hop, so `TRUST_PROXY=1` then takes the last
 * `X-Forwarded-For` entry, the one the proxy added.
 */
export function clientAddressFrom({
  socket,
  forwardedFor,
  trustProxy,
}: {
  socket: string | undefined;
  forwardedFor: string | null | undefined;
  trustProxy: number;
}): string | undefined {
  if (trustProxy === 0) return normalize(socket);
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean),
    socket ?? UNKNOWN,
  ];
  return normalize(chain[Math.max(0, chain.length - 1 - trustProxy)]);
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same client; blank or unknown is undefined. */
function normalize(address: string | undefined): string | undefined {
  const value = address?.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  return value && value !== UNKNOWN ? value : undefined;
}

/** The address a request's header carries, as written by the server hook (undefined if unknown). */
export function stampedClientAddress(value: string | null): string | undefined {
  return value === null ? undefined : normalize(value);
}

/** Writes the request's client address into our header, replacing anything the client sent. */
export function stampClientAddress(req: IncomingMessage, trustProxy: number): void {
  delete req.headers[CLIENT_ADDRESS_HEADER];
  const forwarded = req.headers["x-forwarded-for"];
  req.headers[CLIENT_ADDRESS_HEADER] =
    clientAddressFrom({
      socket: req.socket?.remoteAddress,
      forwardedFor: Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
      trustProxy,
    }) ?? UNKNOWN;
}

const HOOK = Symbol.for("tripsync.clientAddressHook");

/**
 * Installs the hook on every HTTP(S) server in this process (once; calling again only
 * changes how many proxies are trusted).
 */
export function recordClientAddresses(trustProxy: number): void {
  const state = globalThis as { [HOOK]?: { trustProxy: number } };
  if (state[HOOK]) {
    state[HOOK].trustProxy = trustProxy;
    return;
  }
  const hook = { trustProxy };
  state[HOOK] = hook;
  for (const proto of [http.Server.prototype, https.Server.prototype] as unknown as Record<string, unknown>[]) {
    const emit = proto.emit as (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
    proto.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === "request") stampClientAddress(args[0] as IncomingMessage, hook.trustProxy);
      return emit.call(this, event, ...args);
    };
  }
}
