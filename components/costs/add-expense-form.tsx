"use client";

import { useState, useTransition } from "react";
import { addExpenseAction } from "@/app/actions";
import { newWriteKey, sendOrKeep } from "@/components/offline/outbox";
import { Button } from "@/components/ui/button";
import { FieldError, FormMessage, inputClasses } from "@/components/ui/field";
import { EXPENSE_CATEGORIES } from "@/lib/db/schema";
import { EXPENSE_CATEGORY_LABELS } from "@/lib/schemas/costs";

type SplitKind = "equal" | "shares" | "exact";

/**
 * Adding an expense: what, how much, in which currency, when, who paid (one person, or several
 * with their amounts) and how it splits (equally among the people ticked, by shares, or by exact
 * amounts). Picking a plan item fills in its title and category and leaves out those who skip it.
 * Every control has a label; on a phone the fields stack in one column.
 */
export function AddExpenseForm({
  tripId,
  me,
  members,
  currencies,
  defaultCurrency,
  today,
  planItems,
  optOuts,
}: {
  tripId: string;
  me: string;
  members: { id: string; name: string }[];
  currencies: string[];
  defaultCurrency: string;
  today: string;
  planItems: { key: string; title: string; day: number }[];
  /** memberId → plan items they skip. */
  optOuts: { memberId: string; itemKey: string }[];
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [done, setDone] = useState<"added" | "kept" | null>(null);
  // One key per expense, however often it is sent (now, or from the outbox when back online).
  const [clientKey, setClientKey] = useState(newWriteKey);
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<string>("food");
  const [itemKey, setItemKey] = useState("");
  const [severalPayers, setSeveralPayers] = useState(false);
  const [kind, setKind] = useState<SplitKind>("equal");
  const [sharers, setSharers] = useState<Set<string>>(new Set(members.map((m) => m.id)));

  const pickItem = (key: string) => {
    setItemKey(key);
    const item = planItems.find((i) => i.key === key);
    if (!item) return;
    setDescription(item.title);
    setCategory("activities");
    const out = new Set(optOuts.filter((o) => o.itemKey === key).map((o) => o.memberId));
    setSharers(new Set(members.filter((m) => !out.has(m.id)).map((m) => m.id)));
  };

  const submit = (form: FormData) => {
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const amount = text("amount");
    const payers = severalPayers
      ? members.flatMap((m) => (text(`paid-${m.id}`) ? [{ memberId: m.id, amount: text(`paid-${m.id}`) }] : []))
      : [{ memberId: text("payer") || me, amount }];
    const split =
      kind === "equal"
        ? { kind, memberIds: [...sharers] }
        : kind === "shares"
          ? {
              kind,
              shares: members.flatMap((m) =>
                text(`share-${m.id}`) ? [{ memberId: m.id, shares: Number(text(`share-${m.id}`)) }] : [],
              ),
            }
          : {
              kind,
              amounts: members.flatMap((m) =>
                text(`exact-${m.id}`) ? [{ memberId: m.id, amount: text(`exact-${m.id}`) }] : [],
              ),
            };
    start(async () => {
      const input = {
        tripId,
        description,
        amount,
        currency: text("currency"),
        category,
        spentOn: text("spentOn"),
        payers,
        split,
        ...(itemKey ? { itemKey } : {}),
        clientKey,
      };
      const result = await sendOrKeep(
        {
          key: clientKey,
          tripId,
          kind: "expense",
          input,
          summary: `Expense of ${amount} ${input.currency}`,
          text: description,
        },
        () => addExpenseAction(input),
      );
      if (result === "kept" || result.ok) {
        setError(null);
        setDone(result === "kept" ? "kept" : "added");
        setDescription("");
        setItemKey("");
        setClientKey(newWriteKey());
      } else {
        setDone(null);
        setError({ message: result.message, fields: result.fieldErrors ?? {} });
      }
    });
  };
  const fieldError = (name: string) =>
    error?.fields[name] ?? Object.entries(error?.fields ?? {}).find(([k]) => k.startsWith(`${name}.`))?.[1];

  return (
    <form action={submit} data-works-offline className="space-y-4" aria-label="Add an expense">
      {error ? <FormMessage tone="error">{error.message}</FormMessage> : null}
      {done === "added" ? <FormMessage tone="success">Expense added.</FormMessage> : null}
      {done === "kept" ? (
        <FormMessage tone="success">Kept on this phone: it's sent when you're back online.</FormMessage>
      ) : null}
      {planItems.length ? (
        <div>
          <label htmlFor="expense-item" className="block text-sm font-medium text-slate-800">
            For a plan item (optional)
          </label>
          <select
            id="expense-item"
            className={inputClasses(false)}
            value={itemKey}
            onChange={(e) => pickItem(e.currentTarget.value)}
          >
            <option value="">Not linked to the plan</option>
            {planItems.map((i) => (
              <option key={i.key} value={i.key}>
                Day {i.day}: {i.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor="expense-description" className="block text-sm font-medium text-slate-800">
            What for
          </label>
          <input
            id="expense-description"
            name="description"
            required
            maxLength={120}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            className={inputClasses(Boolean(fieldError("description")))}
            aria-describedby={fieldError("description") ? "expense-description-error" : undefined}
          />
          <FieldError id="expense-description-error" message={fieldError("description")} />
        </div>
        <div>
          <label htmlFor="expense-amount" className="block text-sm font-medium text-slate-800">
            Amount
          </label>
          <input
            id="expense-amount"
            name="amount"
            inputMode="decimal"
            required
            placeholder="84.50"
            className={inputClasses(Boolean(fieldError("amount")))}
            aria-describedby={fieldError("amount") ? "expense-amount-error" : undefined}
          />
          <FieldError id="expense-amount-error" message={fieldError("amount")} />
        </div>
        <div>
          <label htmlFor="expense-currency" className="block text-sm font-medium text-slate-800">
            Currency
          </label>
          <select id="expense-currency" name="currency" defaultValue={defaultCurrency} className={inputClasses(false)}>
            {currencies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="expense-date" className="block text-sm font-medium text-slate-800">
            Date
          </label>
          <input
            id="expense-date"
            name="spentOn"
            type="date"
            required
            defaultValue={today}
            className={inputClasses(false)}
          />
        </div>
        <div>
          <label htmlFor="expense-category" className="block text-sm font-medium text-slate-800">
            Category
          </label>
          <select
            id="expense-category"
            name="category"
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value)}
            className={inputClasses(false)}
          >
            {EXPENSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {EXPENSE_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Who paid</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={severalPayers} onChange={(e) => setSeveralPayers(e.currentTarget.checked)} />
          Several people paid
        </label>
        {severalPayers ? (
          <div className="grid gap-2 sm:grid-cols-2">
            {members.map((m) => (
              <div key={m.id}>
                <label htmlFor={`paid-${m.id}`} className="block text-sm text-slate-700">
                  {m.name} paid
                </label>
                <input id={`paid-${m.id}`} name={`paid-${m.id}`} inputMode="decimal" className={inputClasses(false)} />
              </div>
            ))}
          </div>
        ) : (
          <div>
            <label htmlFor="expense-payer" className="block text-sm text-slate-700">
              Paid by
            </label>
            <select id="expense-payer" name="payer" defaultValue={me} className={inputClasses(false)}>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                  {m.id === me ? " (you)" : ""}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">How it splits</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(["equal", "shares", "exact"] as const).map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name="split-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {k === "equal" ? "Equally" : k === "shares" ? "By shares" : "Exact amounts"}
            </label>
          ))}
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          {members.map((m) =>
            kind === "equal" ? (
              <label key={m.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={sharers.has(m.id)}
                  onChange={(e) => {
                    const next = new Set(sharers);
                    if (e.currentTarget.checked) next.add(m.id);
                    else next.delete(m.id);
                    setSharers(next);
                  }}
                />
                {m.name} shares it
              </label>
            ) : (
              <div key={m.id}>
                <label htmlFor={`${kind}-${m.id}`} className="block text-sm text-slate-700">
                  {kind === "shares" ? `${m.name}'s shares` : `${m.name}'s part`}
                </label>
                <input
                  id={`${kind}-${m.id}`}
                  name={`${kind === "shares" ? "share" : "exact"}-${m.id}`}
                  inputMode={kind === "shares" ? "numeric" : "decimal"}
                  defaultValue={kind === "shares" ? "1" : ""}
                  className={inputClasses(false)}
                />
              </div>
            ),
          )}
        </div>
        <FieldError id="expense-split-error" message={fieldError("split")} />
      </fieldset>
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Adding…" : "Add expense"}
      </Button>
    </form>
  );
}
