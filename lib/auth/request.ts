import "server-only";
import { cookies, headers } from "next/headers";
import { readEnv } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER, clientAddressFrom, stampedClientAddress } from "./client-address";
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
 * The client's address for rate limits, as the HTTP server worked it out from the socket
 * and `TRUST_PROXY` (lib/auth/client-address.ts; a client cannot set that header, the
 * server replaces it). Where no server hook ran (a handler called outside `next start`),
 * only a trusted proxy's X-Forwarded-For entry is used; otherwise the address is unknown
 * and such requests share one bucket — never one the client picked.
 */
export function clientAddress(head: Headers): string | undefined {
  const stamped = head.get(CLIENT_ADDRESS_HEADER);
  if (stamped !== null) return stampedClientAddress(stamped);
  const trustProxy = readEnv().TRUST_PROXY;
  if (trustProxy === 0) return undefined;
  return clientAddressFrom({ socket: undefined, forwardedFor: head.get("x-forwarded-for"), trustProxy });
}

/**
 * The origin for absolute links that leave the page (share link, calendar subscription
 * and event URLs, invite link, link previews): `PUBLIC_URL` when set. Without it, the
 * Host header this server received — never X-Forwarded-Host, which any client can send
 * and many proxies pass on untouched — and https only when a trusted proxy says so.
 */
export function requestOrigin(head: Headers): string {
  const configured = readEnv().PUBLIC_URL;
  if (configured) return configured;
  const host = head.get("host")?.trim() ?? "";
  return `${linkScheme(head)}://${HOST.test(host) ? host : "localhost"}`;
}

/** X-Forwarded-Proto counts only when a trusted proxy wrote it; otherwise COOKIE_SECURE=always means https. */
function linkScheme(head: Headers): "http" | "https" {
  const env = readEnv();
  if (env.TRUST_PROXY > 0) return isSecureRequest(head) ? "https" : "http";
  return env.COOKIE_SECURE === "always" ? "https" : "http";
}

/** A host name or IP literal with an optional port: nothing that could end the authority or start a path. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;
