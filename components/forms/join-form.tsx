"use client";

import Link from "next/link";
import { type ReactNode, useActionState } from "react";
import { joinTripAction } from "@/app/actions";
import { CopyField } from "@/components/trip/copy-field";
import { Button, buttonClasses } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";
import { MAX_MEMBER_NAME } from "@/lib/schemas/trip";

/**
 * Joining, then the new member's personal link. `closed` replaces the form when this
 * browser is already in the trip or the trip is full — except right after joining here,
 * when the link is shown first.
 */
export function JoinForm({ inviteToken, closed }: { inviteToken: string; closed: ReactNode }) {
  const [state, action, pending] = useActionState(joinTripAction, null);
  if (state?.ok) {
    // Shown once: only the link's hash is stored, so this page is the only place it appears.
    return (
      <div className="space-y-4">
        <FormMessage tone="success">You're in!</FormMessage>
        <CopyField label="Your personal sign-in link" path={state.personalPath} />
        <p className="text-sm text-slate-700">
          <strong>Save this link</strong> — it's how you get back in on another device (a new phone, your laptop). Keep
          it to yourself: it opens the trip as you. We show it only once; if you lose it, the organizer can help you
          sign back in.
        </p>
        <Link href={`/trips/${state.tripId}/preferences?welcome=member`} className={buttonClasses("primary")}>
          Continue to your preferences
        </Link>
      </div>
    );
  }
  if (closed) return closed;
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
