"use client";

import { Bot, Pencil, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { addContextEntryAction, deleteContextEntryAction, editContextEntryAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage, inputClasses, TextField } from "@/components/ui/field";
import { CONTEXT_KIND_LABELS, type ContextEntryView, MAX_CONTEXT_TEXT } from "@/lib/schemas/context";

type Kind = ContextEntryView["kind"];
const KINDS = Object.keys(CONTEXT_KIND_LABELS) as Kind[];

/**
 * "What we've agreed": the group's decided points, preferences, bookings and open
 * questions, with who wrote each and whether the assistant proposed it. Anyone adds one;
 * its author and the organizer edit or delete it. The assistant reads these every turn.
 */
export function AgreedList({ tripId, entries }: { tripId: string; entries: ContextEntryView[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing yet. Add what the group settles (“We fly on Friday evening”), or ask the assistant to remember it.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {entries.map((entry) =>
            editing === entry.id ? (
              <li key={entry.id} className="py-3">
                <EntryForm tripId={tripId} entry={entry} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={entry.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-900">
                    <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {CONTEXT_KIND_LABELS[entry.kind]}
                    </span>
                    {entry.text}
                  </p>
                  {entry.why ? <p className="mt-1 text-xs text-slate-600">Why: {entry.why}</p> : null}
                  <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
                    {entry.proposedByAssistant ? <Bot aria-hidden className="size-3" /> : null}
                    {entry.proposedByAssistant
                      ? `Proposed by the assistant, approved by ${entry.author}`
                      : entry.author}
                  </p>
                </div>
                {entry.canEdit ? (
                  <EntryButtons tripId={tripId} entry={entry} onEdit={() => setEditing(entry.id)} />
                ) : null}
              </li>
            ),
          )}
        </ul>
      )}
      <details className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Add an entry</summary>
        <div className="mt-3">
          <EntryForm tripId={tripId} />
        </div>
      </details>
    </div>
  );
}

function EntryButtons({ tripId, entry, onEdit }: { tripId: string; entry: ContextEntryView; onEdit(): void }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" onClick={onEdit} aria-label={`Edit “${entry.text}”`}>
        <Pencil aria-hidden className="size-4" />
      </Button>
      <Button
        variant="ghost"
        disabled={pending}
        aria-label={`Delete “${entry.text}”`}
        onClick={() =>
          start(async () => {
            const result = await deleteContextEntryAction({ tripId, entryId: entry.id });
            if (result.ok) router.refresh();
            else setError(result.message);
          })
        }
      >
        <Trash2 aria-hidden className="size-4" />
      </Button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}

function EntryForm({ tripId, entry, onDone }: { tripId: string; entry?: ContextEntryView; onDone?(): void }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [kind, setKind] = useState<Kind>(entry?.kind ?? "decided");
  const [text, setText] = useState(entry?.text ?? "");
  const [why, setWhy] = useState(entry?.why ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const id = entry?.id ?? "new";
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        start(async () => {
          const input = { tripId, kind, text, why: why || undefined };
          const result = entry
            ? await editContextEntryAction({ ...input, entryId: entry.id })
            : await addContextEntryAction(input);
          if (result.ok) {
            setErrors({});
            setMessage(null);
            if (!entry) setText("");
            setWhy("");
            onDone?.();
            router.refresh();
          } else {
            setErrors(result.fieldErrors ?? {});
            setMessage(result.fieldErrors ? null : result.message);
          }
        });
      }}
    >
      <div>
        <label htmlFor={`kind-${id}`} className="block text-sm font-medium text-slate-800">
          Kind
        </label>
        <select
          id={`kind-${id}`}
          className={inputClasses(false)}
          value={kind}
          onChange={(e) => setKind(e.target.value as Kind)}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {CONTEXT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={`text-${id}`}
        label="What was agreed"
        name="text"
        value={text}
        maxLength={MAX_CONTEXT_TEXT}
        onChange={(e) => setText(e.target.value)}
        error={errors.text}
        required
      />
      <TextField
        id={`why-${id}`}
        label="Why (optional)"
        name="why"
        value={why}
        onChange={(e) => setWhy(e.target.value)}
        error={errors.why}
      />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {entry ? "Save" : "Add"}
        </Button>
        {onDone ? (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
