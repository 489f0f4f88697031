import { Button } from "@/components/ui/button";
import { ChoiceGroup } from "./choice-group";
import { fieldId } from "./draft";
import { MoneyInput, Section, type SectionProps } from "./fields";

const BUDGET_TIERS = [
  { label: "Shoestring", range: "up to $1,000", min: "", max: "1000" },
  { label: "Comfortable", range: "$1,000–$2,500", min: "1000", max: "2500" },
  { label: "Splurge", range: "$2,500–$6,000", min: "2500", max: "6000" },
] as const;

/** A budget range (with quick picks) or flexible, and whether the maximum is a hard limit. */
export function BudgetSection({ draft, set, update, err }: SectionProps) {
  return (
    <Section title="Budget" hint="Per person for the whole trip, in US dollars: travel, stay, food and activities.">
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
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Quick pick (you can adjust the amounts)</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {BUDGET_TIERS.map((tier) => (
                <Button
                  key={tier.label}
                  variant="secondary"
                  aria-pressed={draft.budgetMin === tier.min && draft.budgetMax === tier.max}
                  onClick={() => update({ budgetMin: tier.min, budgetMax: tier.max })}
                >
                  {tier.label} <span className="font-normal text-slate-600">{tier.range}</span>
                </Button>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-4">
            <MoneyInput
              id={fieldId("budget.min")}
              label="At least ($, optional)"
              value={draft.budgetMin}
              min={0}
              error={err("budget.min")}
              onChange={(v) => set("budgetMin", v)}
            />
            <MoneyInput
              id={fieldId("budget.max")}
              label="At most ($)"
              value={draft.budgetMax}
              min={0}
              error={err("budget.max")}
              onChange={(v) => set("budgetMax", v)}
            />
          </div>
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
