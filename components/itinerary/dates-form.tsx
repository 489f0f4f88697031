"use client";

import { CalendarCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { setTripDatesAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";

/** The organizer confirms the trip's dates (prefilled with what the chosen card proposed). */
export function DatesForm({
  tripId,
  start,
  end,
  label = "Confirm dates",
}: {
  tripId: string;
  start: string;
  end: string;
  label?: string;
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
      {errors.form && !errors.start && !errors.end ? (
        <div className="basis-full">
          <FormMessage tone="error">{errors.form}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}
