import "server-only";
import { type Env, readEnv } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * Whether /api/inngest may serve Inngest's requests, and if not, how it answers:
 * - no Inngest configured (pipelines run in this process) → 404;
 * - Inngest Cloud or a self-hosted `inngest start` (`INNGEST_EVENT_KEY` and/or
 *   `INNGEST_SIGNING_KEY`, no `INNGEST_DEV`) → served, and the SDK verifies every
 *   request's signature with `INNGEST_SIGNING_KEY`; without that key → 503;
 * - dev mode (`INNGEST_DEV`), where the SDK checks no signature at all → served only by a
 *   development server (`next dev`) or when `INNGEST_DEV_ALLOW_UNSIGNED` says so out loud;
 *   a production server (`next start`) refuses it with 503 — even on loopback, since a
 *   reverse proxy or any local process reaches loopback too. Who is asking cannot be
 *   judged in dev mode (no signature), so the only safe test is which server this is.
 */
export type EndpointDecision = { serve: true; unsigned: boolean } | { serve: false; status: 404 | 503; reason: string };

/** `development` only under `next dev`. */
export type ServerMode = "development" | "production" | "test";

export const DEV_MODE_REFUSED =
  "Inngest dev mode (INNGEST_DEV) accepts unsigned requests, so a production server refuses it. " +
  "Run Inngest with a signing key instead (INNGEST_SIGNING_KEY, without INNGEST_DEV; a self-hosted `inngest start` accepts one).";

export function decideInngestEndpoint(
  env: Pick<Env, "INNGEST_DEV" | "INNGEST_EVENT_KEY" | "INNGEST_SIGNING_KEY" | "INNGEST_DEV_ALLOW_UNSIGNED">,
  mode: ServerMode,
): EndpointDecision {
  if (env.INNGEST_DEV) {
    if (mode === "development" || env.INNGEST_DEV_ALLOW_UNSIGNED) return { serve: true, unsigned: true };
    return { serve: false, status: 503, reason: DEV_MODE_REFUSED };
  }
  if (env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY) {
    if (env.INNGEST_SIGNING_KEY) return { serve: true, unsigned: false };
    return {
      serve: false,
      status: 503,
      reason: "INNGEST_SIGNING_KEY is not set, and this endpoint serves signed requests only.",
    };
  }
  return { serve: false, status: 404, reason: "This server runs its pipelines itself; Inngest is not configured." };
}

/**
 * Which kind of server this is. `next build` replaces `process.env.NODE_ENV` with
 * "production" in the compiled server code, so a built app (`next start`) reads
 * "production" even if NODE_ENV=development is set when it starts; only `next dev`
 * compiles it as "development". (Under vitest it is "test".)
 */
export function serverMode(): ServerMode {
  const mode = process.env.NODE_ENV;
  return mode === "development" || mode === "test" ? mode : "production";
}

export function inngestEndpointDecision(): EndpointDecision {
  return decideInngestEndpoint(readEnv(), serverMode());
}

/**
 * Says at every start what /api/inngest will do, loudest when it takes unsigned
 * requests: in dev mode anyone who can reach the endpoint — another process on this
 * machine, or anyone through a reverse proxy — can run steps and read what they return.
 */
export function announceInngestEndpoint(decision: EndpointDecision = inngestEndpointDecision()): void {
  if (decision.serve && decision.unsigned) {
    log.warn(
      { endpoint: "/api/inngest", mode: serverMode() },
      "INSECURE: /api/inngest serves Inngest dev mode and accepts UNSIGNED requests; anyone who can reach this server " +
        "(a local process, a reverse proxy) can run pipeline steps and read member data. Never do this on a shared or public host.",
    );
  } else if (!decision.serve && decision.status === 503) {
    log.error({ endpoint: "/api/inngest", status: 503, reason: decision.reason }, "inngest endpoint refused");
  }
}
