/**
 * Runs once when the server starts: open the database and apply pending migrations
 * before the first request, then resume any local pipeline run a previous process left
 * unfinished (the local durable runner's crash recovery). Also says, at every start, how
 * /api/inngest is secured (loudly when it would take unsigned requests).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so as few requests as possible arrive before it: rate limits count the socket's
    // peer (or a trusted proxy's entry), never an X-Forwarded-For the client wrote.
    const { readEnv } = await import("@/lib/env");
    const { recordClientAddresses } = await import("@/lib/auth/client-address");
    recordClientAddresses(readEnv().TRUST_PROXY);
    const { log, routeConsoleThroughLog } = await import("@/lib/log");
    routeConsoleThroughLog();
    const { announceInngestEndpoint } = await import("@/lib/pipeline/inngest-endpoint");
    announceInngestEndpoint();
    if (!readEnv().PUBLIC_URL && process.env.NODE_ENV === "production") {
      log.warn(
        "PUBLIC_URL is not set: absolute links (share page, calendar, invite) use the Host header of each request",
      );
    }
    const { getDb } = await import("@/lib/db/client");
    await getDb();
    // Notification emails: drained in the background, off every request's path.
    const { startNotificationWorker } = await import("@/lib/notifications/worker");
    startNotificationWorker();
    // Local runs whose lease expired (their process died): taken over now and at every sweep.
    // A run another live process holds is left to it. On SIGTERM this process gives its runs
    // up. Also once Inngest is configured: local runs started before the switch still finish
    // here (new runs go to Inngest).
    const { releaseLocalRuns, resumeExpiredRuns, startLeaseSweeper } = await import("@/lib/pipeline/local-runner");
    const { defaultAgentDeps } = await import("@/lib/pipeline/deps");
    const resumed = await resumeExpiredRuns(defaultAgentDeps());
    if (resumed.length) log.info({ runs: resumed.length }, "resuming interrupted local runs");
    startLeaseSweeper(defaultAgentDeps());
    process.once("SIGTERM", () => {
      void releaseLocalRuns().then((n) => n && log.info({ runs: n }, "gave up the leases of this process's runs"));
    });
  }
}
