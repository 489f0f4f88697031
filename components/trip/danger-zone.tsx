"use client";

import { Download, LogOut, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { deleteTripAction, eraseMyAnswersAction, leaveTripAction } from "@/app/actions";
import { Button, buttonClasses } from "@/components/ui/button";
import { FormMessage, inputClasses } from "@/components/ui/field";

/**
 * Organizer-only: delete the whole trip, confirmed by typing its name. Everything goes
 * (answers, plans, links, the calendar feed); the browser lands on the home page with a
 * notice.
 */
export function DeleteTripForm({ tripId, tripName }: { tripId: string; tripName: string }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const matches = typed.trim() === tripName.trim();

  return (
    <form
      aria-label="Delete this trip"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!matches) {
          setError("Type the trip's name exactly as it is to delete it.");
          return;
        }
        startTransition(async () => {
          setError(null);
          // On success the server sends the browser to the home page.
          const result = await deleteTripAction({ tripId, confirmName: typed });
          if (result && !result.ok) setError(result.message);
        });
      }}
    >
      <p className="text-sm text-slate-700">
        Deleting the trip erases it for everyone: every member's answers, the destination ideas and votes, every version
        of the plan, flags and suggestions. The share link and the calendar feed stop working. This can't be undone.
      </p>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
          Type <span className="font-semibold">{tripName}</span> to confirm
        </label>
        <input
          id={`${id}-name`}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClasses(Boolean(error))}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="danger" disabled={pending || !matches} aria-busy={pending}>
        <Trash2 aria-hidden className="size-4" />
        {pending ? "Deleting…" : "Delete this trip"}
      </Button>
    </form>
  );
}

/** A member erases their own answers (after confirming); they stay in the trip and count as not answered. */
export function EraseMyAnswers({ tripId, hasAnswers }: { tripId: string; hasAnswers: boolean }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  if (!hasAnswers && !message) {
    return <p className="text-sm text-slate-600">You have no answers saved in this trip.</p>;
  }
  return (
    <div className="space-y-3">
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {hasAnswers ? (
        confirming ? (
          <fieldset className="min-w-0 space-y-2 border-0 p-0" aria-label="Confirm erasing your answers">
            <p className="text-sm text-slate-800">
              Erase all your answers? The group will see you as not answered yet. You stay in the trip and can answer
              again.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="danger"
                disabled={pending}
                aria-busy={pending}
                onClick={() =>
                  startTransition(async () => {
                    const result = await eraseMyAnswersAction({ tripId });
                    setConfirming(false);
                    // A fresh page: the form on it must not keep the erased answers in its state.
                    if (result.ok) window.location.assign(`/trips/${tripId}/preferences?erased=1`);
                    else {
                      setMessage({ tone: "error", text: result.message });
                      router.refresh();
                    }
                  })
                }
              >
                {pending ? "Erasing…" : "Yes, erase my answers"}
              </Button>
              <Button variant="ghost" disabled={pending} onClick={() => setConfirming(false)}>
                Keep them
              </Button>
            </div>
          </fieldset>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Erase my answers
          </Button>
        )
      ) : null}
    </div>
  );
}

/** A plain link to the member's own data as a JSON file (GET /trips/<id>/me/export). */
export function DownloadMyData({ tripId }: { tripId: string }) {
  return (
    <a href={`/trips/${tripId}/me/export`} download className={buttonClasses("secondary")}>
      <Download aria-hidden className="size-4" />
      Download my data
    </a>
  );
}

/**
 * A member leaves the trip after confirming inline: the question takes focus (so it is
 * read out), Escape or "Stay in the trip" goes back to the button. Leaving erases their
 * data; the browser then lands on the home page, which says they left. The organizer gets
 * a sentence instead: they can't leave, only delete the trip.
 */
export function LeaveTrip({ tripId, isOrganizer }: { tripId: string; isOrganizer: boolean }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const question = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const reopened = useRef(false);

  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (reopened.current) opener.current?.focus();
  }, [confirming]);

  if (isOrganizer) {
    return (
      <p className="text-sm text-slate-600">
        As the organizer you can't leave the trip. You can delete it for everyone from the dashboard.
      </p>
    );
  }
  const cancel = () => {
    reopened.current = true;
    setConfirming(false);
  };
  return (
    <div className="space-y-3">
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <fieldset
          className="min-w-0 space-y-2 border-0 p-0"
          aria-label="Confirm leaving the trip"
          onKeyDown={(event) => {
            if (event.key === "Escape" && !pending) cancel();
          }}
        >
          <p ref={question} tabIndex={-1} className="text-sm text-slate-800 outline-none">
            Leave this trip? Your answers, votes, flags and suggestions are erased and your name is taken off the
            group's plans. Every device you're signed in on, and your personal link, stop working. To come back you'd
            need a new invite. This can't be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={pending}
              aria-busy={pending}
              aria-describedby={error ? `${id}-error` : undefined}
              onClick={() =>
                startTransition(async () => {
                  setError(null);
                  // On success the server sends the browser to the home page, which says they left.
                  const result = await leaveTripAction({ tripId, confirm: true });
                  if (result && !result.ok) setError(result.message);
                })
              }
            >
              <LogOut aria-hidden className="size-4" />
              {pending ? "Leaving…" : "Yes, leave the trip"}
            </Button>
            <Button variant="ghost" disabled={pending} onClick={cancel}>
              Stay in the trip
            </Button>
          </div>
        </fieldset>
      ) : (
        <Button ref={opener} variant="secondary" onClick={() => setConfirming(true)}>
          <LogOut aria-hidden className="size-4" />
          Leave this trip
        </Button>
      )}
    </div>
  );
}
