import "server-only";
import { NextResponse } from "next/server";
import { isSecureRequest } from "@/lib/auth/request";
import { rememberTripToken } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { inAbout } from "@/lib/limits/rate";

/**
 * How a route handler answers a refusal: the AppError's status and safe message as JSON,
 * with `Retry-After` when trying again later can work (rate limits, budgets). Anything
 * else is rethrown for Next's generic 500 (its log line goes through lib/log's scrubbing).
 */
export function refusalResponse(error: unknown): NextResponse {
  if (!(error instanceof AppError)) throw error;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
  return NextResponse.json(
    { error: error.code, message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
    { status: error.status, headers },
  );
}

/**
 * A relative 303: the browser stays on the host it used. (`request.url` can name a
 * different host than the browser's, e.g. localhost for 127.0.0.1, and a cookie set on
 * the redirect would not follow.)
 */
export function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: path, "Cache-Control": "no-store" } });
}

/** Opens the trip signed in as the new device: the cookie rides on the redirect itself, so the next page load is signed in. */
export function signedInRedirect(request: Request, tripId: string, deviceToken: string): NextResponse {
  const response = seeOther(`/trips/${tripId}`);
  rememberTripToken({ cookies: response.cookies, secure: isSecureRequest(request.headers) }, tripId, deviceToken);
  return response;
}

/**
 * A link opened too often from one network (sign-in, recovery): a small page with status
 * 429 and `Retry-After`, saying what happened and when trying again works. Links are opened
 * by people in browsers, so this is HTML, not JSON; it needs no script or style.
 */
export function tooManySignInsPage(error: AppError): NextResponse {
  const seconds = error.retryAfterSeconds ?? 60;
  const message = `There have been a lot of sign-in attempts from your network. Please try again ${inAbout(seconds)}.`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many sign-in attempts · TripSync</title></head><body><main><h1>Too many sign-in attempts</h1><p>${message}</p><p><a href="/">Go to TripSync</a></p></main></body></html>`;
  return new NextResponse(html, {
    status: 429,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(seconds),
    },
  });
}
