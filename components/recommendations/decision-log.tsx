import type { DecisionLogEntry } from "@/lib/schemas/pipeline";

/** "How we decided": each agent's input, evidence and conclusion. (Timings, models and tokens are on /status.) */
export function DecisionLog({ entries }: { entries: DecisionLogEntry[] }) {
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
    </div>
  );
}
