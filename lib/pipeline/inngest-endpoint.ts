import "server-only";
import { readEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { listensOnLoopbackOnly } from "@/lib/server-binding";

/**
 * Whether /api/inngest may serve Inngest's requests, and if not, how it answers:
 * - no Inngest configured (pipelines run in this process) → 404;
 * - Inngest Cloud or a self-hosted server (`INNGEST_EVENT_KEY`) → served, and the SDK
 *   verifies every request's signature with `INNGEST_SIGNING_KEY`; without that key → 503;
 * - dev mode (`INNGEST_DEV`), where the SDK checks no signature → served only when this
 *   server listens on loopback alone or `INNGEST_DEV_ALLOW_REMOTE` says the network in
 *   front of it is trusted; otherwise 503.
 */
export type EndpointDecision = { serve: true } | { serve: false; status: 404 | 503; reason: string };

export function inngestEndpointDecision(): EndpointDecision {
  const env = readEnv();
  if (env.INNGEST_DEV) {
    if (env.INNGEST_DEV_ALLOW_REMOTE || listensOnLoopbackOnly()) return { serve: true };
    return refuse(
      503,
      "Inngest dev mode accepts unsigned requests, so this endpoint refuses it on a server other machines can reach. " +
        "Listen on 127.0.0.1 only, or run Inngest with a signing key (INNGEST_SIGNING_KEY, without INNGEST_DEV).",
    );
  }
  if (env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY) {
    if (env.INNGEST_SIGNING_KEY) return { serve: true };
    return refuse(503, "INNGEST_SIGNING_KEY is not set, and this endpoint serves signed requests only.");
  }
  return refuse(404, "This server runs its pipelines itself; Inngest is not configured.");
}

let warned = false;

function refuse(status: 404 | 503, reason: string): EndpointDecision {
  if (status === 503 && !warned) {
    warned = true;
    log.warn({ reason }, "inngest endpoint refused");
  }
  return { serve: false, status, reason };
}
