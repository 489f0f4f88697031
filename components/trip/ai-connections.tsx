"use client";

import { Bot, Trash2 } from "lucide-react";
import { useState, useTransition } from "react";
import { createAiConnectionAction, revokeAiConnectionAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";
import {
  AI_CONNECTION_DAYS,
  AI_SCOPE_LABELS,
  AI_SCOPES,
  type AiScope,
  MAX_AI_LABEL,
  scopesInWords,
} from "@/lib/schemas/ai-connections";
import { type AiConnectionRow, shortDateTime } from "@/lib/views/devices";
import { CopyField } from "./copy-field";

type Made = { token: string; label: string; scopes: AiScope[]; expiresAt: string };

/**
 * The member's AI connections, on the trip's settings page: an AI app (through MCP) that may read or
 * act on the trip as them, within the scopes chosen here. The token is shown once.
 */
export function AiConnections({ tripId, connections }: { tripId: string; connections: AiConnectionRow[] }) {
  const [label, setLabel] = useState("");
  const [scopes, setScopes] = useState<AiScope[]>(["read"]);
  const [days, setDays] = useState<number>(30);
  const [made, setMade] = useState<Made | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function create(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await createAiConnectionAction(tripId, { label, scopes, days });
      if (result.ok) {
        const { token, label: madeLabel, scopes: madeScopes, expiresAt } = result.data;
        setMade({ token, label: madeLabel, scopes: madeScopes, expiresAt });
        setLabel("");
        setErrors({});
        setError(null);
      } else {
        setErrors(result.fieldErrors ?? {});
        setError(result.message);
      }
    });
  }

  function revoke(row: AiConnectionRow) {
    if (!window.confirm(`Revoke “${row.label}”? The app it was given to can't use this trip any more.`)) return;
    startTransition(async () => {
      const result = await revokeAiConnectionAction(tripId, row.id);
      setError(result.ok ? null : result.message);
    });
  }

  function toggle(scope: AiScope, on: boolean) {
    setScopes((current) => (on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope)));
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Let an AI app (one that speaks MCP) use this trip as you: it can never do more than you can, and changes that
        can't be undone still need your yes each time.
      </p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {connections.length === 0 ? (
        <p className="text-sm text-slate-600">No AI connections yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your AI connections">
          {connections.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-2 py-2">
              <span className="flex min-w-0 items-center gap-2 text-sm">
                <Bot aria-hidden className="size-4 shrink-0 text-slate-500" />
                <span className="truncate">
                  <span className="font-medium text-slate-900">{c.label}</span>
                  <span className="text-slate-600"> · {scopesInWords(c.scopes)}</span>
                  <span className={`block text-xs ${c.expired ? "text-amber-700" : "text-slate-600"}`}>
                    {c.until} · {c.lastUsed}
                  </span>
                </span>
              </span>
              <Button variant="ghost" onClick={() => revoke(c)} disabled={pending} aria-label={`Revoke ${c.label}`}>
                <Trash2 aria-hidden className="size-4" />
                <span className="hidden sm:inline">Revoke</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {made ? <NewConnection made={made} onDone={() => setMade(null)} /> : null}
      <form onSubmit={create} className="space-y-3" aria-label="New AI connection">
        <TextField
          label="Name"
          name="ai-label"
          value={label}
          maxLength={MAX_AI_LABEL}
          placeholder="Claude on my laptop"
          onChange={(e) => setLabel(e.target.value)}
          error={errors.label}
          required
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">It may</legend>
          <div className="mt-1 space-y-1">
            {AI_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="ai-scope"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  className="size-4"
                />
                {AI_SCOPE_LABELS[scope]}
              </label>
            ))}
          </div>
          {errors.scopes ? <p className="mt-1 text-xs text-red-700">{errors.scopes}</p> : null}
        </fieldset>
        <label className="block text-sm font-medium text-slate-800">
          Works for
          <select
            name="ai-days"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            {AI_CONNECTION_DAYS.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? "1 day" : `${d} days`}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary" disabled={pending}>
          Connect an AI app
        </Button>
      </form>
    </div>
  );
}

/** The new connection's token, shown this once, with what to put where in the AI app. */
function NewConnection({ made, onDone }: { made: Made; onDone: () => void }) {
  return (
    <div className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50/50 p-3" role="status">
      <p className="text-sm font-medium text-slate-900">
        “{made.label}” {scopesInWords(made.scopes)} as you until {shortDateTime(new Date(made.expiresAt))}.
      </p>
      <CopyField label="MCP endpoint" path="/api/mcp" />
      <CopyField label={`Token for ${made.label}`} value={made.token} />
      <CopyField label="Header with the token" value={`Authorization: Bearer ${made.token}`} />
      <div className="space-y-1 text-xs text-slate-700">
        <p>
          <strong>Copy the token now:</strong> it is shown only this once (TripSync keeps only a fingerprint of it).
        </p>
        <p>
          In your AI app, add an MCP server of the “Streamable HTTP” kind at the endpoint above, and give it the token
          or the whole header, whichever it asks for.
        </p>
        <p>Lost it? Revoke this connection and make a new one.</p>
      </div>
      <Button variant="secondary" onClick={onDone}>
        I've copied it
      </Button>
    </div>
  );
}
