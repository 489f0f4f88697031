"use client";

import type { ReactNode } from "react";
import { FieldError } from "@/components/ui/field";

/**
 * A fieldset of checkboxes (many) or radios (one), drawn as chips. Real inputs over the
 * chips keep it keyboard- and screen-reader-friendly.
 */
export function ChoiceGroup<T extends string>({
  legend,
  hint,
  name,
  options,
  labels,
  selected,
  multiple,
  onChange,
  error,
}: {
  legend: string;
  hint?: ReactNode;
  name: string;
  options: readonly T[];
  labels?: Partial<Record<T, string>>;
  selected: T[];
  multiple: boolean;
  onChange(selected: T[]): void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = selected.includes(option);
          const id = `${name}-${option}`;
          return (
            // The real input lies invisibly over its chip, so a click or tap anywhere on the chip hits it.
            <div key={option} className="relative">
              <input
                id={id}
                type={multiple ? "checkbox" : "radio"}
                name={name}
                value={option}
                checked={checked}
                onChange={(e) =>
                  onChange(
                    multiple
                      ? e.target.checked
                        ? [...selected, option]
                        : selected.filter((s) => s !== option)
                      : [option],
                  )
                }
                className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              <label
                htmlFor={id}
                className="inline-flex min-h-9 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:border-brand-500"
              >
                {labels?.[option] ?? humanize(option)}
              </label>
            </div>
          );
        })}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}

export function humanize(value: string): string {
  const text = value.replace(/-/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
