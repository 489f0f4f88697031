import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest, type NextResponse } from "next/server";
import { stampClientAddress } from "@/lib/auth/client-address";
import { type RequestContext, tripCookieName } from "@/lib/auth/session";
import { browser, type TestBrowser } from "./browser";

type Handler = (request: NextRequest, context: { params: Promise<{ token: string }> }) => Promise<NextResponse>;

/**
 * Link route handlers (`/signin/<token>`, `/recover/<token>`) over real HTTP without Next: a
 * node server hands each GET to the same handler the app routes to, and `open` follows a
 * link like a browser would — sending its cookies, keeping the ones it is given.
 */
export async function startLinkServer(routes: Record<string, Handler>) {
  const { origin, close } = await listen((req, res) => serve(req, res, routes));
  return {
    origin,
    /** Opens `path` in a browser holding `cookies`; returns where it was sent and the browser's cookies after. */
    async open(
      path: string,
      cookies: Map<string, string> = new Map(),
      userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      /** The client's address as the proxy in front of the app would pass it. */
      forwardedFor?: string,
    ) {
      const response = await fetch(`${origin}${path}`, {
        redirect: "manual",
        headers: {
          "user-agent": userAgent,
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
      });
      const jar = new Map(cookies);
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, value] = (pair ?? "").split("=") as [string, string];
        jar.set(name, value);
      }
      return {
        status: response.status,
        location: response.headers.get("location"),
        browser: browser(jar) as TestBrowser,
      };
    },
    close,
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, routes: Record<string, Handler>): Promise<void> {
  // As `next start` behind one reverse proxy (TRUST_PROXY=1): the client's address is the
  // X-Forwarded-For entry that proxy appended, else the socket's peer (lib/auth/client-address.ts).
  stampClientAddress(req, 1);
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const [, prefix, token] = /^\/([a-z]+)\/([^/]+)$/.exec(url.pathname) ?? [];
  const handler = prefix ? routes[prefix] : undefined;
  if (!handler || !token || req.method !== "GET") {
    res.writeHead(404).end();
    return;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const response = await handler(new NextRequest(url, { headers }), { params: Promise.resolve({ token }) });
  const out: [string, string][] = [];
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") out.push([key, value]);
  });
  for (const cookie of response.headers.getSetCookie()) out.push(["set-cookie", cookie]);
  res.writeHead(response.status, out.flat());
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The trip cookie's value in a test browser (the device token). */
export function deviceToken(b: TestBrowser, tripId: string): string | undefined {
  return b.cookie(tripCookieName(tripId));
}

type TripRoute = (args: { request: Request; ctx: RequestContext; tripId: string }) => Promise<Response>;

/**
 * A trip's route handlers (`/trips/<id>/<route>`) over real HTTP without Next: each GET
 * goes to the same function the route handler calls, with the request's cookies as its
 * context (as `requestContext()` gives the handler), and `get` sends one as a browser
 * holding `who`'s cookies would (none: a stranger).
 */
export async function startTripServer(routes: Record<string, TripRoute>) {
  const { origin, close } = await listen((req, res) => serveTrip(req, res, routes));
  return {
    origin,
    /** `who`'s cookie for `tripId` (none: a stranger), sent under `sendAs`'s cookie name (a forged one) if given. */
    get(path: string, who?: TestBrowser, tripId?: string, sendAs = tripId): Promise<Response> {
      const token = who && tripId ? deviceToken(who, tripId) : undefined;
      return fetch(`${origin}${path}`, {
        headers: token && sendAs ? { cookie: `${tripCookieName(sendAs)}=${token}` } : {},
      });
    },
    close,
  };
}

async function serveTrip(req: IncomingMessage, res: ServerResponse, routes: Record<string, TripRoute>): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const [, tripId, route] = /^\/trips\/([^/]+)\/(.+)$/.exec(url.pathname) ?? [];
  const respond = route ? routes[route] : undefined;
  if (!tripId || !respond || req.method !== "GET") {
    res.writeHead(404).end();
    return;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const jar = new Map(
    (req.headers.cookie ?? "")
      .split(";")
      .map((part) => part.trim().split("=") as [string, string])
      .filter(([name, value]) => name && value),
  );
  const response = await respond({ request: new Request(url, { headers }), ctx: browser(jar).ctx, tripId });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** A node HTTP server on a free local port: a handler that throws answers 500 (and is logged). */
async function listen(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
