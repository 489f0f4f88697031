"use client";

import { CalendarCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { setTripDatesAction } from "@/app/actions";
import { reportActionSuccess } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";
import { addDays } from "@/lib/dates";
import { joinAnd, plural } from "@/lib/format";

/** The organizer confirms the trip's dates (prefilled with what the chosen card proposed). */
export function DatesForm({
  tripId,
  start,
  end,
  label = "Confirm dates",
  availability,
}: {
  tripId: string;
  start: string;
  end: string;
  label?: string;
  /** Who answered with which dates: the form says who the dates being typed would leave out. */
  availability: { name: string; flexible: boolean; windows: { start: string; end: string }[] }[];
}) {
  const router = useRouter();
  const [values, setValues] = useState({ start, end });
  const [errors, setErrors] = useState<{ form?: string; start?: string; end?: string }>({});
  const [pending, startTransition] = useTransition();

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label="Trip dates"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          setErrors({});
          const result = await setTripDatesAction({ tripId, ...values });
          if (!result.ok) setErrors({ form: result.message, ...result.fieldErrors });
          else reportActionSuccess();
          router.refresh();
        });
      }}
    >
      <TextField
        label="First day"
        name="start"
        type="date"
        required
        value={values.start}
        onChange={(e) => setValues((v) => ({ ...v, start: e.target.value }))}
        error={errors.start}
      />
      <TextField
        label="Last day"
        name="end"
        type="date"
        required
        min={values.start || undefined}
        value={values.end}
        onChange={(e) => setValues((v) => ({ ...v, end: e.target.value }))}
        error={errors.end}
      />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        <CalendarCheck aria-hidden className="size-4" />
        {pending ? "Saving…" : label}
      </Button>
      <p className="basis-full text-sm text-slate-700" aria-live="polite">
        {whoCanCome(values.start, values.end, availability)}
      </p>
      {errors.form && !errors.start && !errors.end ? (
        <div className="basis-full">
          <FormMessage tone="error">{errors.form}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}

/** "4 nights. Everyone who answered can come." or "4 nights. Chen can't come (misses 2 days)." */
function whoCanCome(
  start: string,
  end: string,
  availability: { name: string; flexible: boolean; windows: { start: string; end: string }[] }[],
): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || end < start) return "";
  const days: string[] = [];
  for (let d = start; d <= end && days.length <= 31; d = addDays(d, 1)) days.push(d);
  const nights = plural(days.length - 1, "night");
  const missing = availability.flatMap((a) => {
    if (a.flexible) return [];
    const misses = days.filter((d) => !a.windows.some((w) => d >= w.start && d <= w.end)).length;
    return misses > 0 ? [`${a.name} (misses ${plural(misses, "day")})`] : [];
  });
  if (availability.length === 0) return `${nights}.`;
  return missing.length === 0
    ? `${nights}. Everyone who answered can come.`
    : `${nights}. ${joinAnd(missing)} can't make all of it.`;
}
