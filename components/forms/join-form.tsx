"use client";

import { useActionState } from "react";
import { joinTripAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";
import { MAX_MEMBER_NAME } from "@/lib/schemas/trip";

export function JoinForm({ inviteToken }: { inviteToken: string }) {
  const [state, action, pending] = useActionState(joinTripAction, null);
  return (
    <form action={action} className="space-y-4" noValidate>
      {state && !state.fieldErrors ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <input type="hidden" name="inviteToken" value={inviteToken} />
      <TextField
        label="Your name"
        name="name"
        hint="This is how the group will see you."
        maxLength={MAX_MEMBER_NAME}
        autoComplete="given-name"
        defaultValue={state?.values?.name}
        error={state?.fieldErrors?.name}
        required
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Joining…" : "Join the trip"}
      </Button>
    </form>
  );
}
