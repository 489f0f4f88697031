/**
 * Where a browser keeps its membership of a trip: one httpOnly, SameSite=Lax cookie per
 * trip holding the member's capability token. Next's `cookies()` satisfies `CookieJar`;
 * tests pass a plain in-memory jar.
 */

export interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: CookieOptions): unknown;
}

export interface CookieOptions {
  httpOnly: boolean;
  sameSite: "lax";
  secure: boolean;
  path: string;
  maxAge: number;
}

/** What every action and route handler gets from the request. */
export interface RequestContext {
  cookies: CookieJar;
  /** Served over https → cookies are marked Secure. */
  secure: boolean;
  /** The client's network address for rate limits: the socket's peer, or a trusted proxy's entry (lib/auth/client-address.ts); absent when unknown. */
  client?: string;
  /** The browser's User-Agent, only to label its device for the member ("Firefox on Android"). */
  userAgent?: string;
  /**
   * An AI connection's token from an `Authorization: Bearer` header (the MCP endpoint). When
   * present it is the only credential: the cookies are not read, and it is looked up only
   * among AI connections (a device's cookie token never works here, nor this one as a cookie).
   */
  bearer?: string;
}

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

const COOKIE_PREFIX = "tripsync_";

export function tripCookieName(tripId: string): string {
  return `${COOKIE_PREFIX}${tripId}`;
}

/** The trip id a cookie of ours belongs to, or null for any other cookie. */
export function tripIdFromCookieName(name: string): string | null {
  return name.startsWith(COOKIE_PREFIX) ? name.slice(COOKIE_PREFIX.length) : null;
}

export function readTripToken(ctx: RequestContext, tripId: string): string | undefined {
  return ctx.cookies.get(tripCookieName(tripId))?.value;
}

export function rememberTripToken(ctx: RequestContext, tripId: string, token: string): void {
  ctx.cookies.set(tripCookieName(tripId), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.secure,
    // Path "/" so the trip's API routes receive it too; the name scopes it to the trip.
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
  });
}

/** This browser stops holding the trip's cookie (the trip was deleted). */
export function forgetTripToken(ctx: RequestContext, tripId: string): void {
  ctx.cookies.set(tripCookieName(tripId), "", {
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.secure,
    path: "/",
    maxAge: 0,
  });
}

/**
 * The organizer's copy of the trip's share-link token, on the device that made it (only
 * its hash is stored), so the trip page can show the link again there. Not a credential
 * for anything but the read-only share page.
 */
const SHARE_COOKIE_PREFIX = "tripsync-share_";

export function readShareToken(ctx: RequestContext, tripId: string): string | undefined {
  return ctx.cookies.get(`${SHARE_COOKIE_PREFIX}${tripId}`)?.value;
}

export function rememberShareToken(ctx: RequestContext, tripId: string, token: string | null): void {
  ctx.cookies.set(`${SHARE_COOKIE_PREFIX}${tripId}`, token ?? "", {
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.secure,
    path: "/",
    maxAge: token ? ONE_YEAR_SECONDS : 0,
  });
}
