import { FieldError, inputClasses } from "@/components/ui/field";
import { ACCOMMODATIONS, PACES, SCOPES, VIBES } from "@/lib/schemas/preferences";
import { ChoiceGroup } from "./choice-group";
import { fieldId } from "./draft";
import { Section, type SectionProps } from "./fields";
import { HomeField } from "./home-field";

/** Vibes, pace, where to stay, in the member's country or abroad, where they travel from, a place they'd love. */
export function TripKindSection(props: SectionProps & { tripId: string }) {
  const { draft, set, err } = props;
  return (
    <Section title="What kind of trip?">
      <ChoiceGroup
        legend="Vibes"
        hint="Pick any that sound good."
        name="vibes"
        options={VIBES}
        selected={draft.vibes}
        multiple
        onChange={(v) => set("vibes", v)}
        error={err("vibes")}
      />
      <ChoiceGroup
        legend="Pace"
        name="pace"
        options={["none", ...PACES] as const}
        labels={{ none: "No preference" }}
        selected={[draft.pace]}
        multiple={false}
        onChange={([v]) => v && set("pace", v)}
      />
      <ChoiceGroup
        legend="Where to stay"
        name="accommodation"
        options={["none", ...ACCOMMODATIONS] as const}
        labels={{ none: "No preference", midrange: "Mid-range" }}
        selected={[draft.accommodation]}
        multiple={false}
        onChange={([v]) => v && set("accommodation", v)}
      />
      <ChoiceGroup
        legend="Where"
        name="scope"
        options={SCOPES}
        labels={{ domestic: "In my country", international: "Abroad", either: "Either" }}
        selected={[draft.scope]}
        multiple={false}
        onChange={([v]) => v && set("scope", v)}
      />
      <HomeField {...props} />
      <div>
        <label htmlFor={fieldId("suggestedPlace")} className="block text-sm font-medium text-slate-800">
          A place you'd love to go
        </label>
        <p id={`${fieldId("suggestedPlace")}-hint`} className="text-xs text-slate-600">
          Optional: one place, e.g. “Lisbon”. It's always considered if it works with everyone's hard no's. The group
          sees suggestions without names; the organizer sees who suggested what.
        </p>
        {/* No maxLength: a long paste is shown back with an error rather than cut without a word. */}
        <input
          id={fieldId("suggestedPlace")}
          value={draft.suggestedPlace}
          placeholder="City or place (optional)"
          autoComplete="off"
          onChange={(e) => set("suggestedPlace", e.target.value)}
          aria-describedby={
            err("suggestedPlace")
              ? `${fieldId("suggestedPlace")}-hint ${fieldId("suggestedPlace")}-error`
              : `${fieldId("suggestedPlace")}-hint`
          }
          aria-invalid={err("suggestedPlace") ? true : undefined}
          className={inputClasses(Boolean(err("suggestedPlace")), "max-w-sm")}
        />
        <FieldError id={`${fieldId("suggestedPlace")}-error`} message={err("suggestedPlace")} />
      </div>
    </Section>
  );
}
