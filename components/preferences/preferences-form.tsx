"use client";

import { Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useEffect, useRef, useState, useTransition } from "react";
import { savePreferencesAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FieldError, FormMessage, inputClasses } from "@/components/ui/field";
import { type FieldErrors, fieldErrorsOf } from "@/lib/errors";
import {
  ACCESSIBILITY,
  ACCOMMODATIONS,
  DIETARY,
  MAX_DATE_WINDOWS,
  MAX_FLEXIBLE_DAYS,
  MAX_NOTES_LENGTH,
  MAX_ORIGIN_LENGTH,
  MemberPreferences,
  PACES,
  SCOPES,
  VIBES,
} from "@/lib/schemas/preferences";
import { ChoiceGroup } from "./choice-group";
import { type Draft, draftFrom, fieldId, preferencesFrom, windowRow } from "./draft";
import { TagInput } from "./tag-input";

type Status =
  | { kind: "idle" }
  | { kind: "saved" }
  | { kind: "error"; message: string }
  | { kind: "stale"; message: string };

export function PreferencesForm({
  tripId,
  initial,
  initialVersion,
}: {
  tripId: string;
  initial: MemberPreferences;
  initialVersion: number;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(initial));
  const [version, setVersion] = useState(initialVersion);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [pending, startTransition] = useTransition();
  const summaryRef = useRef<HTMLDivElement>(null);
  // What was last loaded or saved, to tell whether there is anything to lose on leaving.
  const [savedSnapshot, setSavedSnapshot] = useState(() => snapshot(draftFrom(initial)));
  const dirty = snapshot(draft) !== savedSnapshot;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    // In-app links (the header, "Back to the dashboard") navigate without unloading: ask first.
    // Capture phase on the document runs before Next's Link handler, so a "no" stops it.
    const guard = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.target === "_blank" || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname) return;
      if (!window.confirm("You have unsaved answers. Leave without saving them?")) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", warn);
    document.addEventListener("click", guard, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("click", guard, true);
    };
  }, [dirty]);

  // Answers kept from a save that lost to another tab's (see "stale" below): offered back after the reload.
  const [kept, setKept] = useState<Draft | null>(null);
  useEffect(() => {
    const stored = window.sessionStorage.getItem(keptKey(tripId));
    if (stored) setKept(JSON.parse(stored) as Draft);
  }, [tripId]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const err = (path: string) => errors[path];

  function showErrors(found: FieldErrors, message: string) {
    setErrors(found);
    setStatus({ kind: "error", message });
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = preferencesFrom(draft);
    const checked = MemberPreferences.safeParse(input);
    if (!checked.success) return showErrors(fieldErrorsOf(checked.error), "Some answers need another look.");
    startTransition(async () => {
      const result = await savePreferencesAction({ tripId, expectedVersion: version, preferences: input });
      if (result.ok) {
        setVersion(result.data.version);
        setSavedSnapshot(snapshot(draft));
        setKept(null);
        window.sessionStorage.removeItem(keptKey(tripId));
        setErrors({});
        setStatus({ kind: "saved" });
        requestAnimationFrame(() => summaryRef.current?.focus());
      } else if (result.code === "conflict:preferences") {
        setStatus({ kind: "stale", message: result.message });
        requestAnimationFrame(() => summaryRef.current?.focus());
      } else {
        const fieldErrors = Object.fromEntries(
          Object.entries(result.fieldErrors ?? {}).map(([path, message]) => [
            path.replace(/^preferences\.?/, ""),
            message,
          ]),
        );
        showErrors(fieldErrors, result.message);
      }
    });
  }

  const errorList = Object.entries(errors);

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <div ref={summaryRef} tabIndex={-1} className="outline-none">
        {status.kind === "saved" ? (
          <FormMessage tone="success">
            Saved. Your answers are now part of the group's snapshot.{" "}
            <Link href={`/trips/${tripId}`} className="font-medium underline">
              See the dashboard
            </Link>
          </FormMessage>
        ) : status.kind === "stale" ? (
          <FormMessage tone="error">
            <p>{status.message}</p>
            <p className="mt-1">
              Your answers are kept: load the latest version, and you can put yours back with one click.
            </p>
            <Button
              variant="secondary"
              className="mt-2"
              onClick={() => {
                window.sessionStorage.setItem(keptKey(tripId), JSON.stringify(draft));
                window.location.reload();
              }}
            >
              Load the latest version
            </Button>
          </FormMessage>
        ) : kept ? (
          <FormMessage tone="info">
            <p>
              This is the latest saved version (from your other tab or device). The answers you were typing are kept
              {snapshot(kept) === snapshot(draft) ? ", and they are the same as these." : "."}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft({
                    ...kept,
                    // Answers kept before this field existed have none.
                    suggestedPlace: kept.suggestedPlace ?? "",
                    windows: kept.windows.map((w) => windowRow(w.start, w.end)),
                  });
                  setKept(null);
                  window.sessionStorage.removeItem(keptKey(tripId));
                }}
              >
                Use my answers instead
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setKept(null);
                  window.sessionStorage.removeItem(keptKey(tripId));
                }}
              >
                Keep the saved version
              </Button>
            </div>
          </FormMessage>
        ) : status.kind === "error" ? (
          <FormMessage tone="error">
            <p className="font-medium">{status.message}</p>
            {errorList.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {errorList.map(([path, message]) => (
                  <li key={path}>
                    <a href={`#${fieldId(path)}`} className="underline">
                      {describePath(path)}: {message}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </FormMessage>
        ) : null}
      </div>

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
                    onClick={() => setDraft((d) => ({ ...d, budgetMin: tier.min, budgetMax: tier.max }))}
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
        <div>
          <label htmlFor={fieldId("origin")} className="block text-sm font-medium text-slate-800">
            Travelling from
          </label>
          <input
            id={fieldId("origin")}
            value={draft.origin}
            maxLength={MAX_ORIGIN_LENGTH}
            placeholder="City or region (optional)"
            onChange={(e) => set("origin", e.target.value)}
            aria-invalid={err("origin") ? true : undefined}
            className={inputClasses(Boolean(err("origin")), "max-w-sm")}
          />
          <FieldError id={`${fieldId("origin")}-error`} message={err("origin")} />
        </div>
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
          error={firstError(errors, "hardNos")}
          placeholder="Add a hard no"
        />
        <TagInput
          id={fieldId("mustHaves")}
          label="Must-haves"
          hint="Things you'd be sad to miss, e.g. “a beach day”."
          values={draft.mustHaves}
          onChange={(v) => set("mustHaves", v)}
          error={firstError(errors, "mustHaves")}
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
      </Section>

      <div className="sticky bottom-0 -mx-4 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save preferences"}
        </Button>
        <Link href={`/trips/${tripId}`} className="text-sm text-slate-700 underline">
          Back to the dashboard
        </Link>
        {dirty ? <span className="ml-auto text-xs text-amber-800">Unsaved changes</span> : null}
      </div>
    </form>
  );
}

function keptKey(tripId: string): string {
  return `tripsync-kept-answers-${tripId}`;
}

function snapshot(draft: Draft): string {
  return JSON.stringify(preferencesFrom(draft));
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
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

function DateInput(props: { id: string; label: string; value: string; error?: string; onChange(v: string): void }) {
  return <SmallInput {...props} type="date" />;
}

/** Amounts as typed ("$1,200" is fine); "cheap" stays in the box with an error instead of vanishing. */
function MoneyInput(props: {
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

const FLEXIBLE_DAY_CHOICES = [0, 1, 2, 3, 5, MAX_FLEXIBLE_DAYS] as const;

const BUDGET_TIERS = [
  { label: "Shoestring", range: "up to $1,000", min: "", max: "1000" },
  { label: "Comfortable", range: "$1,000–$2,500", min: "1000", max: "2500" },
  { label: "Splurge", range: "$2,500–$6,000", min: "2500", max: "6000" },
] as const;

function NumberInput(props: {
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
  React.InputHTMLAttributes<HTMLInputElement>,
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

/** Tag lists report errors per tag ("hardNos.3"); show the first next to the list. */
function firstError(errors: FieldErrors, prefix: string): string | undefined {
  return Object.entries(errors).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
}

const PATH_LABELS: Record<string, string> = {
  "dates.windows": "Dates",
  "tripLength.minDays": "Shortest trip",
  "tripLength.maxDays": "Longest trip",
  "budget.min": "Budget minimum",
  "budget.max": "Budget maximum",
  origin: "Travelling from",
  suggestedPlace: "A place you'd love to go",
  notes: "Notes",
};

function describePath(path: string): string {
  const window = /^dates\.windows\.(\d+)\.(start|end)$/.exec(path);
  if (window) return `Dates option ${Number(window[1]) + 1} (${window[2] === "start" ? "from" : "to"})`;
  const tag = /^(hardNos|mustHaves)/.exec(path);
  if (tag) return tag[1] === "hardNos" ? "Hard no's" : "Must-haves";
  return PATH_LABELS[path] ?? path;
}
