"use client";

import { useState, useTransition } from "react";
import { createRecoveryLinkAction, rotateInviteLinkAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import { CopyField } from "./copy-field";
import { DeleteTripForm } from "./danger-zone";

/**
 * Organizer-only: a recovery link for another device, a fresh invite link if the old one
 * leaked, and (in the danger zone) deleting the whole trip.
 */
export function OrganizerTools({ tripId, tripName }: { tripId: string; tripName: string }) {
  const [recoveryPath, setRecoveryPath] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function makeRecoveryLink() {
    startTransition(async () => {
      const result = await createRecoveryLinkAction(tripId);
      if (result.ok) setRecoveryPath(result.data.recoveryPath);
      else setMessage({ tone: "error", text: result.message });
    });
  }

  function rotateInvite() {
    if (!window.confirm("Make a new invite link? The current one will stop working for people who haven't joined yet."))
      return;
    startTransition(async () => {
      const result = await rotateInviteLinkAction(tripId);
      setMessage(
        result.ok
          ? { tone: "success", text: "New invite link ready. Share the one above." }
          : { tone: "error", text: result.message },
      );
    });
  }

  return (
    <div className="space-y-4">
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {recoveryPath ? (
        <div className="space-y-2">
          <CopyField label="Your private recovery link" path={recoveryPath} />
          <p className="text-xs text-slate-600">
            Keep it private: it opens this trip as the organizer on any device. We show it only once; making a new one
            retires this one.
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          Save a private recovery link so you can open this trip as the organizer on another phone or laptop.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={makeRecoveryLink} disabled={pending}>
          {recoveryPath ? "Make a new recovery link" : "Get my recovery link"}
        </Button>
        <Button variant="ghost" onClick={rotateInvite} disabled={pending}>
          Reset invite link
        </Button>
      </div>
      <section aria-labelledby="danger-zone-title" className="space-y-2 rounded-xl border border-red-200 p-4">
        <h3 id="danger-zone-title" className="font-semibold text-red-800">
          Danger zone
        </h3>
        <DeleteTripForm tripId={tripId} tripName={tripName} />
      </section>
    </div>
  );
}
