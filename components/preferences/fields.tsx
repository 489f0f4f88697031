import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError, inputClasses } from "@/components/ui/field";
import type { Draft } from "./draft";

/** What every part of the form gets: the draft, how to change it, and the errors by field path. */
export type SectionProps = {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  update: (patch: Partial<Draft>) => void;
  err: (path: string) => string | undefined;
  /** The member's display currency (null: their confirmed home's), the budget's default. */
  displayCurrency?: string | null;
};

/** One titled part of the form. */
export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

export function DateInput(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange(v: string): void;
}) {
  return <SmallInput {...props} type="date" />;
}

/** Amounts as typed ("$1,200" is fine); "cheap" stays in the box with an error instead of vanishing. */
export function MoneyInput(props: {
  id: string;
  label: string;
  value: string;
  min?: number;
  error?: string;
  onChange(v: string): void;
}) {
  const { min: _min, ...rest } = props;
  return <SmallInput {...rest} type="text" inputMode="numeric" autoComplete="off" />;
}

export function NumberInput(props: {
  id: string;
  label: string;
  value: string;
  min?: number;
  max?: number;
  error?: string;
  onChange(v: string): void;
}) {
  return <SmallInput {...props} type="number" inputMode="numeric" />;
}

function SmallInput({
  id,
  label,
  value,
  error,
  onChange,
  ...rest
}: { id: string; label: string; value: string; error?: string; onChange(v: string): void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "onChange" | "value"
>) {
  return (
    <div className="min-w-36">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses(Boolean(error))}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
