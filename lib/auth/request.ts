import "server-only";
import { cookies, headers } from "next/headers";
import { readEnv } from "@/lib/env";
import type { RequestContext } from "./session";

/** The current request's cookies, scheme and client address, for server actions, pages and route handlers. */
export async function requestContext(): Promise<RequestContext> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return {
    cookies: jar,
    secure: isSecureRequest(head),
    client: clientAddress(head),
    userAgent: head.get("user-agent") ?? undefined,
  };
}

/**
 * Whether the browser is on https, so cookies get `Secure`. Each proxy appends to
 * X-Forwarded-Proto ("https, http" = the browser used https, a proxy behind it spoke
 * http): the first value is what the browser used. `COOKIE_SECURE=always|never` overrides.
 */
export function isSecureRequest(head: Headers): boolean {
  const setting = readEnv().COOKIE_SECURE;
  if (setting !== "auto") return setting === "always";
  return head.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * The client's address for rate limits: the last X-Forwarded-For entry, the one added by
 * the nearest hop (Next.js itself fills it from the socket when no proxy set it). Earlier
 * entries are whatever the client claimed, so they are never trusted.
 */
export function clientAddress(head: Headers): string | undefined {
  return (
    head
      .get("x-forwarded-for")
      ?.split(",")
      .map((v) => v.trim())
      .filter(Boolean)
      .at(-1) || undefined
  );
}

/**
 * The origin the browser used (`https://trips.example.com`), for absolute links a file
 * carries away from the page (calendar events, link previews): the first
 * X-Forwarded-Host / X-Forwarded-Proto values when a proxy set them, else Host.
 */
export function requestOrigin(head: Headers): string {
  const host = head.get("x-forwarded-host")?.split(",")[0]?.trim() || head.get("host")?.trim() || "localhost:3000";
  return `${isSecureRequest(head) ? "https" : "http"}://${host}`;
}
