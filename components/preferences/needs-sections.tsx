import { FieldError, inputClasses } from "@/components/ui/field";
import { ACCESSIBILITY, DIETARY, MAX_NOTES_LENGTH } from "@/lib/schemas/preferences";
import { ChoiceGroup } from "./choice-group";
import { fieldId } from "./draft";
import { Section, type SectionProps } from "./fields";
import { TagInput } from "./tag-input";
import { WhatWeRead } from "./what-we-read";

/** Diet, access, hard no's and must-haves, and free notes for the planner. */
export function NeedsSections({
  draft,
  set,
  err,
  firstError,
}: SectionProps & { firstError: (prefix: string) => string | undefined }) {
  return (
    <>
      <Section title="Needs" hint="The group sees these only in aggregate; the organizer sees who needs what.">
        <ChoiceGroup
          legend="Dietary"
          name="dietary"
          options={DIETARY}
          selected={draft.dietary}
          multiple
          onChange={(v) => set("dietary", v)}
          error={err("dietary")}
        />
        <ChoiceGroup
          legend="Accessibility"
          name="accessibility"
          options={ACCESSIBILITY}
          labels={{ hearing: "Hearing", "low-vision": "Low vision" }}
          selected={draft.accessibility}
          multiple
          onChange={(v) => set("accessibility", v)}
          error={err("accessibility")}
        />
        <TagInput
          id={fieldId("hardNos")}
          label="Hard no's"
          hint="Things the trip must not include, e.g. “red-eye flights”."
          values={draft.hardNos}
          onChange={(v) => set("hardNos", v)}
          error={firstError("hardNos")}
          placeholder="Add a hard no"
        />
        <TagInput
          id={fieldId("mustHaves")}
          label="Must-haves"
          hint="Things you'd be sad to miss, e.g. “a beach day”."
          values={draft.mustHaves}
          onChange={(v) => set("mustHaves", v)}
          error={firstError("mustHaves")}
          placeholder="Add a must-have"
        />
      </Section>

      <Section title="Anything else?">
        <div>
          <label htmlFor={fieldId("notes")} className="block text-sm font-medium text-slate-800">
            Notes for the planner
          </label>
          <textarea
            id={fieldId("notes")}
            value={draft.notes}
            rows={4}
            onChange={(e) => set("notes", e.target.value)}
            aria-describedby={`${fieldId("notes")}-count`}
            aria-invalid={err("notes") ? true : undefined}
            className={inputClasses(Boolean(err("notes")))}
          />
          {/* No maxLength: a long paste is never cut without a word; the count says what to shorten. */}
          <p
            id={`${fieldId("notes")}-count`}
            className={`mt-1 text-xs ${draft.notes.length > MAX_NOTES_LENGTH ? "font-medium text-red-700" : "text-slate-600"}`}
          >
            {draft.notes.length}/{MAX_NOTES_LENGTH} characters
            {draft.notes.length > MAX_NOTES_LENGTH
              ? ` — ${draft.notes.length - MAX_NOTES_LENGTH} too many: shorten your notes before saving (nothing is cut for you).`
              : draft.notes.length > MAX_NOTES_LENGTH * 0.9
                ? " — nearly at the limit"
                : ""}
          </p>
          <FieldError id={`${fieldId("notes")}-error`} message={err("notes")} />
        </div>
        <WhatWeRead
          hardNos={draft.hardNos}
          notes={draft.notes}
          dismissed={draft.dismissedReadings}
          onChange={(v) => set("dismissedReadings", v)}
        />
      </Section>
    </>
  );
}
