"use client";

import { Flag, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { flagItineraryItemAction, liftFlagAction, withdrawFeedbackAction } from "@/app/actions";
import { newWriteKey, sendOrKeep } from "@/components/offline/outbox";
import { useLiveFeedback } from "@/components/trip/live-store";
import { reportActionSuccess, settleResult, useActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { FieldError, FormMessage, inputClasses } from "@/components/ui/field";
import {
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  type FlagReason,
  MAX_FEEDBACK_TEXT,
  MAX_LIFT_REASON,
} from "@/lib/schemas/itinerary";
import type { FeedbackView } from "@/lib/views/itinerary";

/**
 * Under each item of the current plan: the group's flags on it (with what the last
 * regeneration did about them), the member's own open ones to take back, and "Flag this"
 * with a reason and an optional note. What the member typed stays in the form until the
 * server accepts it. A flag a regeneration applied stays "In force" on every later version
 * until its author lets go of it, or the organizer lifts it with a reason everyone sees.
 */
export function ItemFeedback({
  tripId,
  version,
  itemKey,
  itemTitle,
  feedback: rendered,
  canFlag,
  canLift = false,
}: {
  tripId: string;
  version: number;
  itemKey: string;
  itemTitle: string;
  feedback: FeedbackView[];
  canFlag: boolean;
  /** The organizer may lift others' flags in force, with a reason. */
  canLift?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Flags others add or take back arrive on the live channel, without a render of the page.
  const feedback = useLiveFeedback(
    rendered,
    (f) => f.kind === "flag" && f.itemKey === itemKey && f.itineraryVersion === version,
  );
  const shown = feedback.filter((f) => f.status !== "withdrawn" || f.liftedByOrganizer);
  const mineOpen = shown.some((f) => f.mine && (f.status === "open" || (f.kind === "flag" && f.status === "applied")));
  return (
    <div className="space-y-2 print:hidden">
      {shown.length > 0 ? (
        <ul className="space-y-1" aria-label={`Feedback on ${itemTitle}`}>
          {shown.map((f) => (
            <FeedbackLine key={f.id} tripId={tripId} feedback={f} canLift={canLift} />
          ))}
        </ul>
      ) : null}
      {canFlag && !mineOpen ? (
        open ? (
          <FlagForm
            tripId={tripId}
            version={version}
            itemKey={itemKey}
            itemTitle={itemTitle}
            onDone={() => setOpen(false)}
          />
        ) : (
          <button
            type="button"
            data-works-offline
            onClick={() => setOpen(true)}
            className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-700 hover:bg-slate-100"
            aria-label={`Flag ${itemTitle}`}
          >
            <Flag aria-hidden className="size-3.5" />
            Flag this
          </button>
        )
      ) : null}
    </div>
  );
}

export function FeedbackLine({
  tripId,
  feedback: f,
  canLift = false,
}: {
  tripId: string;
  feedback: FeedbackView;
  canLift?: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useActionError();
  const [lifting, setLifting] = useState(false);
  const inForce = f.kind === "flag" && (f.status === "open" || f.status === "applied");
  const canTakeBack = f.mine && (f.status === "open" || (f.kind === "flag" && f.status === "applied"));
  const who = f.mine ? "You" : f.memberName;
  const what =
    f.kind === "flag"
      ? `${who} flagged it: ${f.reason ? FLAG_REASON_LABELS[f.reason] : "other"}${f.text ? ` — “${f.text}”` : ""}`
      : `${who} suggested: ${f.text || "an activity"}`;
  return (
    <li className="rounded-lg bg-slate-50 px-2 py-1.5 text-xs text-slate-800">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 flex-1">{what}</span>
        <StatusChip feedback={f} />
        {canTakeBack ? (
          <button
            type="button"
            disabled={pending}
            className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-medium text-slate-700 hover:bg-slate-200"
            onClick={() =>
              startTransition(async () => {
                setError(null);
                const result = await withdrawFeedbackAction({ tripId, feedbackId: f.id });
                settleResult(result, setError);
                router.refresh();
              })
            }
          >
            <X aria-hidden className="size-3" />
            {pending ? "Taking back…" : f.status === "applied" ? "Lift my flag" : "Take back"}
          </button>
        ) : null}
        {canLift && inForce && !f.mine && !lifting ? (
          <button
            type="button"
            className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-medium text-slate-700 hover:bg-slate-200"
            onClick={() => setLifting(true)}
          >
            Lift this flag…
          </button>
        ) : null}
      </div>
      {f.heldBack ? (
        <p className="mt-1 text-amber-900">
          {f.mine
            ? `Held back: it ${f.heldBack}, so only you see these words and the planner doesn't read them.`
            : `${f.memberName}'s words are held back (${f.heldBack}): nobody else sees them.`}
        </p>
      ) : null}
      {lifting ? <LiftForm tripId={tripId} feedbackId={f.id} onDone={() => setLifting(false)} /> : null}
      {f.liftedByOrganizer ? (
        <p className="mt-1 text-slate-700">The organizer lifted this flag: {f.liftedByOrganizer.reason}</p>
      ) : null}
      {f.outcome ? (
        <p className="mt-1 text-slate-700">
          {f.outcome.reason}
          {f.outcome.alternatives.length > 0
            ? ` Instead: ${f.outcome.alternatives.map((a) => a.title).join("; ")}.`
            : ""}
        </p>
      ) : null}
      {error ? <p className="mt-1 text-red-700">{error}</p> : null}
    </li>
  );
}

function StatusChip({ feedback: f }: { feedback: FeedbackView }) {
  // An applied flag isn't done with: it binds every later version until its author lets go.
  const state =
    f.kind === "flag" && f.status === "applied"
      ? "inForce"
      : f.status === "withdrawn" && f.liftedByOrganizer
        ? "lifted"
        : f.status;
  const styles = {
    open: "bg-amber-100 text-amber-900",
    inForce: "bg-emerald-100 text-emerald-900",
    applied: "bg-emerald-100 text-emerald-900",
    declined: "bg-slate-200 text-slate-800",
    withdrawn: "bg-slate-100 text-slate-600",
    lifted: "bg-slate-100 text-slate-700",
  }[state];
  const label = {
    open: "Open",
    inForce: "In force",
    applied: "Applied",
    declined: "Not changed",
    withdrawn: "Taken back",
    lifted: "Lifted by the organizer",
  }[state];
  return <span className={`rounded px-1.5 py-0.5 font-medium ${styles}`}>{label}</span>;
}

/** The organizer says why they lift a member's flag (everyone sees the reason). */
function LiftForm({ tripId, feedbackId, onDone }: { tripId: string; feedbackId: string; onDone: () => void }) {
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="mt-2 space-y-2"
      aria-label="Lift this flag"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          setError(null);
          const result = await liftFlagAction({ tripId, feedbackId, reason });
          if (result.ok) onDone();
          else setError(result.fieldErrors?.reason ?? result.message);
          router.refresh();
        });
      }}
    >
      <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-800">
        Why lift it? (everyone sees this)
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={MAX_LIFT_REASON}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
        className={inputClasses(Boolean(error))}
      />
      <FieldError id={`${id}-reason-error`} message={error ?? undefined} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Lifting…" : "Lift the flag"}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function FlagForm({
  tripId,
  version,
  itemKey,
  itemTitle,
  onDone,
}: {
  tripId: string;
  version: number;
  itemKey: string;
  itemTitle: string;
  onDone: () => void;
}) {
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ form?: string; reason?: string; note?: string }>({});
  const [pending, startTransition] = useTransition();
  // One key for this flag, however often it is sent (now, or from the outbox when back online).
  const [clientKey] = useState(newWriteKey);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: "Pick a reason" });
      return;
    }
    startTransition(async () => {
      setErrors({});
      const input = { tripId, version, itemKey, reason, note, clientKey };
      const result = await sendOrKeep(
        {
          key: clientKey,
          tripId,
          kind: "flag",
          input,
          summary: `Flag on ${itemTitle}: ${FLAG_REASON_LABELS[reason]}`,
          text: note,
        },
        () => flagItineraryItemAction(input),
      );
      if (result === "kept") {
        onDone();
        return;
      }
      if (result.ok) {
        reportActionSuccess();
        onDone();
      } else {
        setErrors({
          form: result.message,
          reason: result.fieldErrors?.reason,
          note: result.fieldErrors?.note,
        });
      }
      router.refresh();
    });
  }

  return (
    <form
      onSubmit={submit}
      data-works-offline
      className="space-y-2 rounded-lg border border-slate-200 p-3"
      aria-label={`Flag ${itemTitle}`}
    >
      <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="text-xs font-medium text-slate-800">What's wrong with it?</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {FLAG_REASONS.map((r) => (
            <label key={r} className="inline-flex min-h-8 items-center gap-1.5 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {FLAG_REASON_LABELS[r]}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-reason-error`} message={errors.reason} />
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="block text-xs font-medium text-slate-800">
          Note {reason === "other" ? "(required)" : "(optional)"}
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={MAX_FEEDBACK_TEXT}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${id}-note-error` : undefined}
          className={inputClasses(Boolean(errors.note))}
        />
        <FieldError id={`${id}-note-error`} message={errors.note} />
      </div>
      {errors.form && !errors.reason && !errors.note ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Sending…" : "Send flag"}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Suggestions, and flags on items no longer in the plan, listed together under the plan;
 * new ones arrive on the live channel.
 */
export function OtherFeedback({
  tripId,
  feedback: rendered,
  version,
  itemKeys,
  canLift = false,
}: {
  tripId: string;
  feedback: FeedbackView[];
  version: number;
  /** The items of the plan shown: flags on these sit under their item instead. */
  itemKeys: string[];
  /** The organizer may lift others' flags in force, with a reason. */
  canLift?: boolean;
}) {
  const feedback = useLiveFeedback(
    rendered,
    (f) =>
      f.itineraryVersion === version &&
      (f.kind === "suggestion" || f.itemKey === null || !itemKeys.includes(f.itemKey)),
  ).filter((f) => f.status !== "withdrawn" || f.liftedByOrganizer);
  return feedback.length > 0 ? (
    <ul className="space-y-1">
      {feedback.map((f) => (
        <FeedbackLine key={f.id} tripId={tripId} feedback={f} canLift={canLift} />
      ))}
    </ul>
  ) : (
    <p className="text-sm text-slate-600">No suggestions yet.</p>
  );
}
