import { type NextRequest, NextResponse } from "next/server";
import { checkFormReply, checkTextReply } from "@/lib/action-reply";
import { contentSecurityPolicy, tilesOrigin } from "@/lib/csp";
import { RENDERS_ITSELF } from "@/lib/share/render-marker";

/**
 * Runs before every page, route and server action (Next.js 16 proxy):
 * - a fresh nonce per request and a Content-Security-Policy built on it (lib/csp.ts). Next
 *   reads the nonce from the request's CSP header and puts it on its own scripts; every
 *   page renders per request (app/layout.tsx) so each one gets its own;
 * - server action requests that Next would answer with a 500 get a 4xx here instead: a
 *   body type an action never takes (415), a body over the 1 MB action limit (413), a
 *   text body that isn't JSON or nests deeper than any real form, and an argument encoding
 *   our pages never send or that React could not decode (400, lib/action-reply.ts);
 * - a URL whose percent-encoding is broken answers 400;
 * - a browser opening a share page (/s/<token>) is answered by the copy rendered once per
 *   state of the trip (next.config.ts rewrites it to app/s/[token]/rendered/route.ts): the
 *   same page, under a policy that allows exactly the hashes of its inline scripts.
 * The other security headers, the same on every response, are in next.config.ts.
 */

export const MAX_ACTION_BODY_BYTES = 1024 * 1024;
const MAX_JSON_DEPTH = 32;
const ACTION_BODY_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded", "text/plain"];

export async function proxy(request: NextRequest) {
  const refusal = (await refuseMalformed(request)) ?? null;
  if (refusal) return refusal;
  if (isStoredSharePage(request)) return NextResponse.next();

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development", tilesOrigin());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

const SHARE_PAGE = /^\/s\/[A-Za-z0-9_-]+(\/rendered)?$/;

/**
 * A browser's plain visit to a share page, which next.config.ts rewrites to its stored rendering
 * (app/s/[token]/rendered/route.ts): that route sets the policy of the page it serves.
 */
function isStoredSharePage(request: NextRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!SHARE_PAGE.test(request.nextUrl.pathname)) return false;
  return !RENDERS_ITSELF.some((name) => request.headers.has(name));
}

async function refuseMalformed(request: NextRequest): Promise<NextResponse | undefined> {
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return problem(400, "This address is malformed.");
  }
  if (!request.headers.has("next-action") || request.method !== "POST") return undefined;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!ACTION_BODY_TYPES.includes(type)) return problem(415, "This request's body type isn't accepted here.");
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!(length <= MAX_ACTION_BODY_BYTES)) {
    return problem(Number.isNaN(length) ? 411 : 413, "This request's body is too large or has no length.");
  }
  // React's decoder answers a reply it can't resolve with a 500: judge the reply first (lib/action-reply.ts).
  if (type === "text/plain") {
    const text = await request.clone().text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return problem(400, "This request's body isn't valid.");
    }
    if (depthOf(parsed) > MAX_JSON_DEPTH) return problem(400, "This request's body is nested too deeply.");
    const verdict = checkTextReply(text);
    if (!verdict.ok) return problem(400, verdict.problem);
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return problem(400, "This request's form data is malformed.");
    }
    const parts = new Map<string, string | null>();
    for (const [name, value] of form) if (!parts.has(name)) parts.set(name, typeof value === "string" ? value : null);
    const root = parts.get("0");
    if (typeof root === "string" && depthOf(safeJson(root)) > MAX_JSON_DEPTH) {
      return problem(400, "This request's body is nested too deeply.");
    }
    const verdict = checkFormReply(parts);
    if (!verdict.ok) return problem(400, verdict.problem);
  }
  return undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function problem(status: number, message: string): NextResponse {
  return NextResponse.json({ error: "bad_request", message }, { status, headers: { "Cache-Control": "no-store" } });
}

export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
