import { STAGES } from "@/lib/pipeline/stages";
import type { StepDetail } from "@/lib/recommendations-view";
import type { DecisionLogEntry } from "@/lib/schemas/pipeline";

/** "How we decided": each agent's input, evidence and conclusion, then each step's time, attempts, model and tokens. */
export function DecisionLog({ entries, steps }: { entries: DecisionLogEntry[]; steps: StepDetail[] }) {
  const stageLabel = (key: string) => STAGES.find((s) => s.key === key)?.label ?? key;
  const totals = steps.reduce(
    (t, s) => ({ ms: t.ms + (s.ms ?? 0), input: t.input + s.inputTokens, output: t.output + s.outputTokens }),
    { ms: 0, input: 0, output: 0 },
  );
  return (
    <div className="space-y-3">
      <details className="group rounded-xl border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">How we decided</summary>
        <ol className="mt-3 space-y-3">
          {entries.map((e) => (
            <li key={e.stepId} className="text-sm">
              <p className="font-medium text-slate-900">
                {e.agent}
                <span className="ml-2 font-normal text-slate-600">{e.inputSummary}</span>
              </p>
              <p className="text-slate-700">{e.outputSummary}</p>
              {e.keyEvidence.length ? (
                <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
                  {e.keyEvidence.map((k) => (
                    <li key={k}>{k}</li>
                  ))}
                </ul>
              ) : null}
              {e.riskFlags.length ? (
                <p className="mt-1 text-xs text-amber-800">Flags: {[...new Set(e.riskFlags)].join(", ")}</p>
              ) : null}
            </li>
          ))}
        </ol>
      </details>
      <details className="rounded-xl border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">Run details</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-xs">
            <caption className="sr-only">Time, attempts, model and tokens of every step</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Step
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Time
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Attempts
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Model
                </th>
                <th scope="col" className="py-1 font-medium">
                  Tokens in / out
                </th>
              </tr>
            </thead>
            <tbody className="text-slate-800">
              {steps.map((s) => (
                <tr key={s.stepId} className="border-t border-slate-100">
                  <td className="py-1 pr-2">
                    {stageLabel(s.stage)}
                    {s.stepId.includes(":") ? (
                      <span className="text-slate-500"> · {s.stepId.split(":")[1]?.slice(0, 12)}</span>
                    ) : null}
                    {s.outcome === "degraded" ? <span className="text-amber-800"> (unverified)</span> : null}
                  </td>
                  <td className="py-1 pr-2">{s.ms === null ? "—" : `${s.ms} ms`}</td>
                  <td className="py-1 pr-2">{s.attempts}</td>
                  <td className="py-1 pr-2">{s.models.join(", ") || "—"}</td>
                  <td className="py-1">
                    {s.inputTokens} / {s.outputTokens}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="font-medium text-slate-900">
              <tr className="border-t border-slate-200">
                <td className="py-1 pr-2">Sum of steps</td>
                <td className="py-1 pr-2">{totals.ms} ms</td>
                <td />
                <td />
                <td className="py-1">
                  {totals.input} / {totals.output}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </div>
  );
}
