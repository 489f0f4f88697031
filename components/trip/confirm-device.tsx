"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { confirmHelpedDeviceAction, startOverOnHelpedDeviceAction } from "@/app/actions";
import { Button, buttonClasses } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";
import { CopyField } from "./copy-field";

/**
 * The only thing a device signed in with the organizer's help link can do until it shows it
 * is the member's: type the home town from their answers, or start over with their answers
 * erased (lib/actions/device-proof.ts). Afterwards it is shown the member's new personal link.
 */
export function ConfirmDevice({ tripId, memberName }: { tripId: string; memberName: string }) {
  const router = useRouter();
  const [homeTown, setHomeTown] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [closed, setClosed] = useState(false);
  const [personalPath, setPersonalPath] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await confirmHelpedDeviceAction(tripId, homeTown);
      if (result.ok) {
        setPersonalPath(result.data.personalPath);
        setError(null);
        return;
      }
      setError(result.message);
      setFieldError(result.fieldErrors?.homeTown);
      if (result.code === "forbidden:proof-closed") setClosed(true);
    });
  }

  function startOver() {
    if (!window.confirm(`Erase ${memberName}'s answers and start over on this device?`)) return;
    startTransition(async () => {
      const result = await startOverOnHelpedDeviceAction(tripId);
      if (result.ok) setPersonalPath(result.data.personalPath);
      setError(result.ok ? null : result.message);
    });
  }

  if (personalPath) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success">You're back in as {memberName}.</FormMessage>
        <CopyField label="Your new personal sign-in link" path={personalPath} />
        <p className="text-sm text-slate-700">
          <strong>Save this link</strong> — it's how you get back in on another device. Your previous one no longer
          works. We show it only once.
        </p>
        <Button onClick={() => router.refresh()}>Open the trip</Button>
      </div>
    );
  }
  if (closed) {
    return (
      <div className="space-y-3">
        <FormMessage tone="error">{error}</FormMessage>
        <a href="/" className={buttonClasses("secondary")}>
          Go to TripSync
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {error && !fieldError ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form onSubmit={confirm} className="space-y-3" noValidate>
        <TextField
          label="Your home town"
          name="homeTown"
          value={homeTown}
          onChange={(e) => setHomeTown(e.target.value)}
          error={fieldError ? (error ?? fieldError) : undefined}
          hint="As you entered it in your answers (“where you'd travel from”). A few tries, then this link stops working."
          autoComplete="off"
          maxLength={200}
          required
        />
        <Button type="submit" disabled={pending || homeTown.trim() === ""}>
          Confirm it's me
        </Button>
      </form>
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">
          Didn't enter a home town, or don't remember it? Start over: your answers, votes and open flags and suggestions
          are erased, then this device is signed in as {memberName} and you answer again. You keep your place in the
          group, and the group sees that you started over on a new device.
        </p>
        <Button variant="secondary" onClick={startOver} disabled={pending}>
          Start over
        </Button>
      </div>
    </div>
  );
}
