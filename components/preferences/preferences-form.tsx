"use client";

import Link from "next/link";
import { useEffect, useRef, useState, useTransition } from "react";
import { savePreferencesAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { type FieldErrors, fieldErrorsOf } from "@/lib/errors";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { BudgetSection } from "./budget-section";
import { DatesSections } from "./dates-sections";
import { CONFIRM_HOME_MESSAGE, type Draft, draftFrom, preferencesFrom, unconfirmedHome, windowRow } from "./draft";
import type { SectionProps } from "./fields";
import { FormStatus, type Status } from "./form-status";
import { NeedsSections } from "./needs-sections";
import { TripKindSection } from "./trip-kind-section";
import { useUnsavedGuard } from "./unsaved-guard";

/**
 * A member's answers: dates and length, budget, the kind of trip, needs and notes, each
 * part in its own file beside this one. This component owns the draft, the save (with
 * optimistic-concurrency versions) and what the top of the form says after it.
 */
export function PreferencesForm({
  tripId,
  initial,
  initialVersion,
  displayCurrency = null,
}: {
  tripId: string;
  initial: MemberPreferences;
  initialVersion: number;
  /** The currency the member reads amounts in (null: their confirmed home's). */
  displayCurrency?: string | null;
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

  useUnsavedGuard(dirty);

  // Answers kept from a save that lost to another tab's (see "stale" below): offered back after the reload.
  const [kept, setKept] = useState<Draft | null>(null);
  useEffect(() => {
    const stored = window.sessionStorage.getItem(keptKey(tripId));
    if (stored) setKept(JSON.parse(stored) as Draft);
  }, [tripId]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const err = (path: string) => errors[path];
  const parts: SectionProps = { draft, set, update, err, displayCurrency };
  const discardKept = () => {
    setKept(null);
    window.sessionStorage.removeItem(keptKey(tripId));
  };

  function showErrors(found: FieldErrors, message: string) {
    setErrors(found);
    setStatus({ kind: "error", message });
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = preferencesFrom(draft, displayCurrency);
    const checked = MemberPreferences.safeParse(input);
    if (!checked.success) return showErrors(fieldErrorsOf(checked.error), "Some answers need another look.");
    if (unconfirmedHome(draft))
      return showErrors({ origin: CONFIRM_HOME_MESSAGE }, "Confirm where you're travelling from.");
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

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <FormStatus
        summaryRef={summaryRef}
        tripId={tripId}
        status={status}
        errors={errors}
        kept={kept}
        sameAsKept={kept !== null && snapshot(kept) === snapshot(draft)}
        onKeepForReload={() => {
          window.sessionStorage.setItem(keptKey(tripId), JSON.stringify(draft));
          window.location.reload();
        }}
        onUseKept={() => {
          if (!kept) return;
          setDraft({
            ...kept,
            // Answers kept before this field existed have none.
            suggestedPlace: kept.suggestedPlace ?? "",
            dismissedReadings: kept.dismissedReadings ?? [],
            windows: kept.windows.map((w) => windowRow(w.start, w.end)),
          });
          discardKept();
        }}
        onDiscardKept={discardKept}
      />
      <DatesSections {...parts} />
      <BudgetSection {...parts} />
      <TripKindSection {...parts} tripId={tripId} />
      <NeedsSections {...parts} firstError={(prefix) => firstError(errors, prefix)} />

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

/** Tag lists report errors per tag ("hardNos.3"); show the first next to the list. */
function firstError(errors: FieldErrors, prefix: string): string | undefined {
  return Object.entries(errors).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
}
