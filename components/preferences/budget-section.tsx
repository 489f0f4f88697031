import { Button } from "@/components/ui/button";
import { FieldError, inputClasses } from "@/components/ui/field";
import { budgetCurrencies, formatBudget, parseMoneyText, usdIn } from "@/lib/money/budget";
import { requireCurrency } from "@/lib/money/currency";
import { ChoiceGroup } from "./choice-group";
import { budgetCurrencyOf, fieldId } from "./draft";
import { MoneyInput, Section, type SectionProps } from "./fields";

/** Quick picks, in US dollars; shown and filled in the member's currency at the table's rate, rounded. */
const BUDGET_TIERS = [
  { label: "Shoestring", min: null, max: 1000 },
  { label: "Comfortable", min: 1000, max: 2500 },
  { label: "Splurge", min: 2500, max: 6000 },
] as const;

/** A round figure in the currency's major units: two significant digits (€862.50 → 860, ¥155,600 → 160,000). */
function roundFigure(usd: number, currency: string): string {
  const major = usdIn(usd, currency) / 10 ** requireCurrency(currency).exponent;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(major)) - 1);
  return String(Math.round(major / step) * step);
}

/** A budget range (with quick picks) in the member's own currency, or flexible, and whether the maximum is a hard limit. */
export function BudgetSection({ draft, set, update, err, displayCurrency = null }: SectionProps) {
  const currency = budgetCurrencyOf(draft, displayCurrency);
  const show = (major: string) =>
    formatBudget({ amount: Number(major) * 10 ** requireCurrency(currency).exponent, currency });
  const tiers = BUDGET_TIERS.map((t) => {
    const min = t.min === null ? "" : roundFigure(t.min, currency);
    const max = roundFigure(t.max, currency);
    return { label: t.label, min, max, range: min === "" ? `up to ${show(max)}` : `${show(min)}–${show(max)}` };
  });
  const readBack = readBudget(draft.budgetMin, draft.budgetMax, currency);
  const currencyId = fieldId("budget.currency");
  const currencyError = err("budget.currency");
  return (
    <Section
      title="Budget"
      hint="Per person for the whole trip, in your own currency: travel, stay, food and activities. Type it as you'd write it (€2000, 2500 EUR, $1,200)."
    >
      <ChoiceGroup
        legend="Do you have a budget?"
        name="budget-mode"
        options={["range", "flexible"] as const}
        labels={{ range: "I have a budget", flexible: "I'm flexible" }}
        selected={[draft.hasBudget ? "range" : "flexible"]}
        multiple={false}
        onChange={([mode]) => set("hasBudget", mode === "range")}
      />
      {draft.hasBudget ? (
        <div className="space-y-3">
          <div className="min-w-36 max-w-xs">
            <label htmlFor={currencyId} className="block text-sm font-medium text-slate-800">
              Currency
            </label>
            <select
              id={currencyId}
              value={currency}
              onChange={(e) => set("budgetCurrency", e.target.value)}
              aria-invalid={currencyError ? true : undefined}
              aria-describedby={currencyError ? `${currencyId}-error` : `${currencyId}-hint`}
              className={inputClasses(Boolean(currencyError))}
            >
              {budgetCurrencies().map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            <p id={`${currencyId}-hint`} className="mt-1 text-xs text-slate-600">
              For amounts typed without a currency.
            </p>
            <FieldError id={`${currencyId}-error`} message={currencyError} />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Quick pick (you can adjust the amounts)</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {tiers.map((tier) => (
                <Button
                  key={tier.label}
                  variant="secondary"
                  aria-pressed={draft.budgetMin === tier.min && draft.budgetMax === tier.max}
                  onClick={() => update({ budgetMin: tier.min, budgetMax: tier.max, budgetCurrency: currency })}
                >
                  {tier.label} <span className="font-normal text-slate-600">{tier.range}</span>
                </Button>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-4">
            <MoneyInput
              id={fieldId("budget.min")}
              label="At least (optional)"
              value={draft.budgetMin}
              min={0}
              error={err("budget.min")}
              onChange={(v) => set("budgetMin", v)}
            />
            <MoneyInput
              id={fieldId("budget.max")}
              label="At most"
              value={draft.budgetMax}
              min={0}
              error={err("budget.max")}
              onChange={(v) => set("budgetMax", v)}
            />
          </div>
          {readBack ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              Your budget: <strong>{readBack}</strong>
            </p>
          ) : null}
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              id={fieldId("budget.hardLimit")}
              type="checkbox"
              role="switch"
              aria-checked={draft.hardLimit}
              checked={draft.hardLimit}
              onChange={(e) => set("hardLimit", e.target.checked)}
              className="size-4 accent-brand-600"
            />
            My maximum is a hard limit
          </label>
        </div>
      ) : null}
    </Section>
  );
}

/** What the typed amounts read as ("up to €2,000"), with the same parser the save uses; null while unreadable. */
function readBudget(minText: string, maxText: string, currency: string): string | null {
  const max = parseMoneyText(maxText, currency);
  if (!max.ok) return null;
  if (minText.trim() === "") return `up to ${formatBudget(max.money)}`;
  const min = parseMoneyText(minText, max.money.currency);
  if (!min.ok || min.money.currency !== max.money.currency) return null;
  return `${formatBudget(min.money)}–${formatBudget(max.money)}`;
}
