/**
 * Runs once when the server starts: open the database and apply pending migrations
 * before the first request, then resume any local pipeline run a previous process left
 * unfinished (the local durable runner's crash recovery).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { log, routeConsoleThroughLog } = await import("@/lib/log");
    routeConsoleThroughLog();
    const { getDb } = await import("@/lib/db/client");
    await getDb();
    // Notification emails: drained in the background, off every request's path.
    const { startNotificationWorker } = await import("@/lib/notifications/worker");
    startNotificationWorker();
    const { pipelineEngine } = await import("@/lib/pipeline/engine");
    if (pipelineEngine() === "local") {
      const { resumeInterruptedRuns } = await import("@/lib/pipeline/local-runner");
      const { defaultAgentDeps } = await import("@/lib/pipeline/deps");
      const resumed = await resumeInterruptedRuns(defaultAgentDeps());
      if (resumed.length) log.info({ runs: resumed.length }, "resuming interrupted local runs");
    }
  }
}
