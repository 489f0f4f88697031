"use client";

import { useState, useTransition } from "react";
import {
  deleteExpenseAction,
  recordPaymentAction,
  restoreExpenseAction,
  setDisplayCurrencyAction,
  undoPaymentAction,
} from "@/app/actions";
import { Button } from "@/components/ui/button";

/** One write with its pending state and its refusal shown beside the button. */
function useWrite() {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const run = (write: () => Promise<{ ok: boolean; message?: string }>) =>
    start(async () => {
      const result = await write();
      setError(result.ok ? null : (result.message ?? "That didn't work."));
    });
  const message = error ? (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
  return { pending, run, message };
}

/** A button that makes one write, with its refusal shown beneath it. */
function WriteButton({
  children,
  label,
  variant,
  write,
}: {
  children: string;
  label: string;
  variant: "secondary" | "ghost";
  write: () => Promise<{ ok: boolean; message?: string }>;
}) {
  const { pending, run, message } = useWrite();
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant={variant} disabled={pending} aria-label={label} onClick={() => run(write)}>
        {children}
      </Button>
      {message}
    </div>
  );
}

export function RecordPaymentButton({
  tripId,
  fromMemberId,
  toMemberId,
  amount,
  label,
}: {
  tripId: string;
  fromMemberId: string;
  toMemberId: string;
  /** Major units as text, in the trip's currency. */
  amount: string;
  label: string;
}) {
  return (
    <WriteButton
      variant="secondary"
      label={label}
      write={() => recordPaymentAction({ tripId, fromMemberId, toMemberId, amount })}
    >
      Record payment
    </WriteButton>
  );
}

export function UndoPaymentButton({ tripId, paymentId, label }: { tripId: string; paymentId: string; label: string }) {
  return (
    <WriteButton variant="ghost" label={label} write={() => undoPaymentAction({ tripId, paymentId })}>
      Undo
    </WriteButton>
  );
}

/** Deletes an expense; the page then offers to bring it back. */
export function DeleteExpenseButton({
  tripId,
  expenseId,
  version,
  label,
}: {
  tripId: string;
  expenseId: string;
  version: number;
  label: string;
}) {
  return (
    <WriteButton
      variant="ghost"
      label={`Delete ${label}`}
      write={() => deleteExpenseAction({ tripId, expenseId, version })}
    >
      Delete
    </WriteButton>
  );
}

export function RestoreExpenseButton({
  tripId,
  expenseId,
  label,
}: {
  tripId: string;
  expenseId: string;
  label: string;
}) {
  const { pending, run, message } = useWrite();
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="secondary"
        disabled={pending}
        onClick={() => run(() => restoreExpenseAction({ tripId, expenseId }))}
      >
        Undo delete of {label}
      </Button>
      {message}
    </div>
  );
}

export function DisplayCurrencyPicker({
  tripId,
  current,
  tripCurrency,
  currencies,
}: {
  tripId: string;
  current: string;
  tripCurrency: string;
  currencies: string[];
}) {
  const { pending, run, message } = useWrite();
  return (
    <div>
      <label htmlFor="display-currency" className="block text-sm font-medium text-slate-800">
        Show amounts in
      </label>
      <select
        id="display-currency"
        className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        defaultValue={current}
        disabled={pending}
        onChange={(e) => {
          const value = e.currentTarget.value;
          run(() => setDisplayCurrencyAction({ tripId, currency: value === tripCurrency ? null : value }));
        }}
      >
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
            {c === tripCurrency ? " (the trip's)" : ""}
          </option>
        ))}
      </select>
      {message}
    </div>
  );
}
