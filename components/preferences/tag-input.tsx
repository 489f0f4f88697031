"use client";

import { X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, inputClasses } from "@/components/ui/field";
import { MAX_TAG_LENGTH, MAX_TAGS } from "@/lib/schemas/preferences";

/** Short free-text tags ("red-eye flights"): type, press Enter or Add; remove with the × on each. */
export function TagInput({
  id,
  label,
  hint,
  values,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  hint: string;
  values: string[];
  onChange(values: string[]): void;
  error?: string;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState("");
  const full = values.length >= MAX_TAGS;

  function add() {
    const tag = draft.trim();
    if (!tag || full) return;
    if (!values.some((v) => v.toLowerCase() === tag.toLowerCase())) onChange([...values, tag]);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint} ({values.length}/{MAX_TAGS})
      </p>
      {values.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
          {values.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(values.filter((v) => v !== tag))}
                aria-label={`Remove ${tag}`}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MAX_TAG_LENGTH}
          disabled={full}
          placeholder={full ? `That's the maximum of ${MAX_TAGS}` : placeholder}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className={inputClasses(Boolean(error), "mt-0 flex-1")}
        />
        <Button variant="secondary" onClick={add} disabled={full || !draft.trim()}>
          Add
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
