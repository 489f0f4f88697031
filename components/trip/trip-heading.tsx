"use client";

import { Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { renameTripAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FieldError, FormMessage, inputClasses } from "@/components/ui/field";
import { MAX_TRIP_DESCRIPTION, MAX_TRIP_NAME } from "@/lib/schemas/trip";

/**
 * The trip's name and description at the top of the dashboard. The organizer can edit
 * both in place: "Edit name and description" opens a small form (focus goes to the name;
 * Escape or Cancel closes it and puts focus back on the button), each field's error sits
 * under it, and saving refreshes every open view of the trip (`trip.changed`).
 */
export function TripHeading({
  tripId,
  name,
  description,
  canEdit,
}: {
  tripId: string;
  name: string;
  description: string;
  canEdit: boolean;
}) {
  const id = useId();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [draftName, setDraftName] = useState(name);
  const [draftDescription, setDraftDescription] = useState(description);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const nameInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) nameInput.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const open = () => {
    setDraftName(name);
    setDraftDescription(description);
    setErrors({});
    setFailure(null);
    setEditing(true);
  };

  const save = () =>
    startTransition(async () => {
      setErrors({});
      setFailure(null);
      const result = await renameTripAction({ tripId, name: draftName, description: draftDescription });
      if (result.ok) {
        setEditing(false);
        router.refresh();
        return;
      }
      if (result.fieldErrors && Object.keys(result.fieldErrors).length > 0) {
        setErrors(result.fieldErrors);
        const first = result.fieldErrors.name ? "name" : "description";
        requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
      } else setFailure(result.message);
    });

  const described = (field: string, hint: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(" ");

  if (editing) {
    return (
      <form
        aria-label="Edit the trip's name and description"
        className="w-full max-w-xl space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") setEditing(false);
        }}
      >
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
            Trip name
          </label>
          <p id={`${id}-name-hint`} className="mt-0.5 text-xs text-slate-600">
            Everyone in the group sees it. Up to {MAX_TRIP_NAME} characters.
          </p>
          <input
            ref={nameInput}
            id={`${id}-name`}
            type="text"
            value={draftName}
            required
            maxLength={MAX_TRIP_NAME}
            autoComplete="off"
            onChange={(e) => setDraftName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described("name", `${id}-name-hint`)}
            className={inputClasses(Boolean(errors.name), "text-base")}
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div>
          <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
            Description (optional)
          </label>
          <p id={`${id}-description-hint`} className="mt-0.5 text-xs text-slate-600">
            What the trip is about, in a line or two. Up to {MAX_TRIP_DESCRIPTION} characters.
          </p>
          <textarea
            id={`${id}-description`}
            rows={3}
            value={draftDescription}
            maxLength={MAX_TRIP_DESCRIPTION}
            onChange={(e) => setDraftDescription(e.target.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={described("description", `${id}-description-hint`)}
            className={inputClasses(Boolean(errors.description), "text-base")}
          />
          <FieldError id={`${id}-description-error`} message={errors.description} />
        </div>
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? "Saving…" : "Save"}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)} disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="min-w-0 space-y-1">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{name}</h1>
        {canEdit ? (
          <button
            ref={editButton}
            type="button"
            onClick={open}
            className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <Pencil aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">Edit name and description</span>
          </button>
        ) : null}
      </div>
      {description ? <p className="whitespace-pre-line text-sm text-slate-700">{description}</p> : null}
    </div>
  );
}
