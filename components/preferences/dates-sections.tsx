import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError, inputClasses } from "@/components/ui/field";
import { MAX_DATE_WINDOWS, MAX_FLEXIBLE_DAYS } from "@/lib/schemas/preferences";
import { fieldId, windowRow } from "./draft";
import { DateInput, NumberInput, Section, type SectionProps } from "./fields";

const FLEXIBLE_DAY_CHOICES = [0, 1, 2, 3, 5, MAX_FLEXIBLE_DAYS] as const;

/** When the member can go (windows or flexible) and how long a trip they want. */
export function DatesSections({ draft, set, err }: SectionProps) {
  return (
    <>
      <Section title="When can you go?">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            id={fieldId("dates.flexible")}
            type="checkbox"
            checked={draft.flexible}
            onChange={(e) => set("flexible", e.target.checked)}
            className="size-4 accent-brand-600"
          />
          I'm flexible — any dates work for me
        </label>
        {draft.flexible ? null : (
          <div className="space-y-3">
            <p className="text-xs text-slate-600">Add every stretch of days you could travel (both days included).</p>
            {draft.windows.map((w, i) => (
              <fieldset key={w.key} className="rounded-xl border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium text-slate-800">Dates option {i + 1}</legend>
                <div className="flex flex-wrap items-start gap-3">
                  <DateInput
                    id={fieldId(`dates.windows.${i}.start`)}
                    label="From"
                    value={w.start}
                    error={err(`dates.windows.${i}.start`)}
                    onChange={(v) =>
                      set(
                        "windows",
                        draft.windows.map((x) => (x.key === w.key ? { ...x, start: v } : x)),
                      )
                    }
                  />
                  <DateInput
                    id={fieldId(`dates.windows.${i}.end`)}
                    label="To"
                    value={w.end}
                    error={err(`dates.windows.${i}.end`)}
                    onChange={(v) =>
                      set(
                        "windows",
                        draft.windows.map((x) => (x.key === w.key ? { ...x, end: v } : x)),
                      )
                    }
                  />
                  {draft.windows.length > 1 ? (
                    <Button
                      variant="ghost"
                      className="self-end"
                      onClick={() =>
                        set(
                          "windows",
                          draft.windows.filter((x) => x.key !== w.key),
                        )
                      }
                      aria-label={`Remove dates option ${i + 1}`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  ) : null}
                </div>
              </fieldset>
            ))}
            <FieldError id={`${fieldId("dates.windows")}-error`} message={err("dates.windows")} />
            <Button
              variant="secondary"
              id={fieldId("dates.windows")}
              disabled={draft.windows.length >= MAX_DATE_WINDOWS}
              onClick={() => set("windows", [...draft.windows, windowRow()])}
            >
              <Plus aria-hidden className="size-4" /> Add another date option
            </Button>
            <div>
              <label htmlFor={fieldId("dates.flexibleDays")} className="block text-sm font-medium text-slate-800">
                How fixed are these dates?
              </label>
              <select
                id={fieldId("dates.flexibleDays")}
                value={draft.flexibleDays}
                onChange={(e) => set("flexibleDays", e.target.value)}
                className={inputClasses(false, "max-w-xs")}
              >
                {FLEXIBLE_DAY_CHOICES.map((n) => (
                  <option key={n} value={String(n)}>
                    {n === 0 ? "Exactly these dates" : `Flexible by ± ${n} day${n === 1 ? "" : "s"}`}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </Section>

      <Section title="How long?">
        <div className="flex flex-wrap gap-4">
          <NumberInput
            id={fieldId("tripLength.minDays")}
            label="Shortest trip (days)"
            value={draft.minDays}
            min={1}
            max={30}
            error={err("tripLength.minDays")}
            onChange={(v) => set("minDays", v)}
          />
          <NumberInput
            id={fieldId("tripLength.maxDays")}
            label="Longest trip (days)"
            value={draft.maxDays}
            min={1}
            max={30}
            error={err("tripLength.maxDays")}
            onChange={(v) => set("maxDays", v)}
          />
        </div>
      </Section>
    </>
  );
}
