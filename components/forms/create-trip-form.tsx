"use client";

import { useActionState } from "react";
import { createTripAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";
import { MAX_MEMBER_NAME, MAX_TRIP_NAME } from "@/lib/schemas/trip";

export function CreateTripForm() {
  const [state, action, pending] = useActionState(createTripAction, null);
  return (
    <form action={action} className="space-y-4" noValidate>
      {state && !state.fieldErrors ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <TextField
        label="Trip name"
        name="tripName"
        placeholder="e.g. Lisbon long weekend"
        maxLength={MAX_TRIP_NAME}
        defaultValue={state?.values?.tripName}
        error={state?.fieldErrors?.tripName}
        required
      />
      <TextField
        label="Your name"
        name="organizerName"
        placeholder="How the group knows you"
        maxLength={MAX_MEMBER_NAME}
        autoComplete="given-name"
        defaultValue={state?.values?.organizerName}
        error={state?.fieldErrors?.organizerName}
        required
      />
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Creating…" : "Create a trip"}
      </Button>
    </form>
  );
}
