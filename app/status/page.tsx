import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { loadStatus } from "@/lib/status";

export const metadata: Metadata = { title: "Service status", robots: { index: false } };
export const dynamic = "force-dynamic";

/** The operator page: adapters, health, the live channel's load, recent runs. No trip or member data. */
export default async function StatusPage() {
  const { health, adapters, live, runs, outbox, unmet } = await loadStatus();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Service status</h1>
        <p className="mt-1 text-sm text-slate-600">
          {health.ok ? "All systems answering." : "The database is not answering."} Up {health.uptimeSeconds} s. Probes:{" "}
          <code>/api/health</code>.
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Adapters">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Which adapter runs each part</caption>
            <tbody>
              {adapters.map((a) => (
                <tr key={a.part} className="border-t border-slate-100 first:border-0">
                  <th scope="row" className="py-1 pr-4 font-medium text-slate-700">
                    {a.part}
                  </th>
                  <td className="py-1 text-slate-900">{a.live}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card title="Health">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Database</dt>
            <dd className="text-slate-900">
              {health.database.ok ? `answering (${health.database.ms} ms)` : "not answering"}
            </dd>
            <dt className="text-slate-700">Trips with a live listener</dt>
            <dd className="text-slate-900">{live.tripsListened}</dd>
            <dt className="text-slate-700">Open live streams</dt>
            <dd className="text-slate-900">{live.openStreams}</dd>
            <dt className="text-slate-700">Database statements since start</dt>
            <dd className="text-slate-900">{live.statements}</dd>
          </dl>
        </Card>
        <Card
          title="Email outbox"
          description="Notification emails, counted (the messages themselves are in the server log at debug level when no SMTP server is set)."
        >
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Waiting</dt>
            <dd className="text-slate-900">{outbox.waiting}</dd>
            <dt className="text-slate-700">Waiting after a failed send</dt>
            <dd className="text-slate-900">{outbox.retrying}</dd>
            <dt className="text-slate-700">Sent</dt>
            <dd className="text-slate-900">{outbox.sent}</dd>
          </dl>
        </Card>
        <Card
          title="Asked of the assistant, not possible"
          description="Requests the assistant couldn't fulfil, counted by category (never the words or who asked)."
        >
          {Object.keys(unmet).length === 0 ? (
            <p className="text-sm text-slate-600">None so far.</p>
          ) : (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {Object.entries(unmet).map(([category, n]) => (
                <div key={category} className="contents">
                  <dt className="text-slate-700">{category}</dt>
                  <dd className="text-slate-900">{n}</dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
      </div>

      <Card title="Recent runs" description="The latest pipeline runs: time, attempts, models and tokens per stage.">
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No runs yet.</p>
        ) : (
          <div className="space-y-4">
            {runs.map((run) => (
              <details key={run.id} className="rounded-xl border border-slate-200 p-3">
                <summary className="cursor-pointer text-sm text-slate-900">
                  <span className="font-medium">
                    {run.kind} · {run.status}
                  </span>{" "}
                  · {run.startedAt.toISOString().replace("T", " ").slice(0, 19)} UTC
                </summary>
                {/* One figure per cell, so a run's id never reads as part of its token count. */}
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
                  <dt className="text-slate-600">Run</dt>
                  <dd className="font-mono text-slate-900">{run.id}</dd>
                  <dt className="text-slate-600">Engine</dt>
                  <dd className="text-slate-900">{run.engine}</dd>
                  <dt className="text-slate-600">Time</dt>
                  <dd className="text-slate-900">{run.seconds === null ? "running" : `${run.seconds} s`}</dd>
                  <dt className="text-slate-600">Model calls</dt>
                  <dd className="text-slate-900">{run.calls}</dd>
                  <dt className="text-slate-600">Tokens in</dt>
                  <dd className="text-slate-900">{run.inputTokens}</dd>
                  <dt className="text-slate-600">Tokens out</dt>
                  <dd className="text-slate-900">{run.outputTokens}</dd>
                  {run.errorCode ? (
                    <>
                      <dt className="text-slate-600">Error</dt>
                      <dd className="text-slate-900">{run.errorCode}</dd>
                    </>
                  ) : null}
                </dl>
                <div className="mt-3 overflow-x-auto">
                  <table className="w-full min-w-[36rem] text-left text-xs">
                    <caption className="sr-only">Time, attempts, model and tokens of every stage</caption>
                    <thead className="text-slate-600">
                      <tr>
                        {["Stage", "Steps", "Time", "Attempts", "Model", "Tokens in", "Tokens out", "Outcome"].map(
                          (h) => (
                            <th key={h} scope="col" className="py-1 pr-2 font-medium">
                              {h}
                            </th>
                          ),
                        )}
                      </tr>
                    </thead>
                    <tbody className="text-slate-800">
                      {run.stages.map((s) => (
                        <tr key={s.label} className="border-t border-slate-100">
                          <td className="py-1 pr-2">{s.label}</td>
                          <td className="py-1 pr-2">{s.steps}</td>
                          <td className="py-1 pr-2">{s.ms} ms</td>
                          <td className="py-1 pr-2">{s.attempts}</td>
                          <td className="py-1 pr-2">{s.models.join(", ") || "—"}</td>
                          <td className="py-1 pr-2">{s.inputTokens}</td>
                          <td className="py-1 pr-2">{s.outputTokens}</td>
                          <td className="py-1">{s.outcome}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
