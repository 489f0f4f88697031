"use client";

import { ArrowRightLeft, Lock, LockOpen, PenLine, Plus, Repeat, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useId, useState, useTransition } from "react";
import {
  addCustomItineraryItemAction,
  addItineraryActivityAction,
  lockItineraryItemAction,
  moveItineraryItemAction,
  removeItineraryItemAction,
  swapItineraryItemAction,
} from "@/app/actions";
import { reportActionSuccess, useActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { FieldError, FormMessage, inputClasses } from "@/components/ui/field";
import { formatUsd } from "@/lib/format";
import {
  CUSTOM_ITEM_HOURS,
  MAX_CUSTOM_COST,
  MAX_CUSTOM_NOTE,
  MAX_CUSTOM_TITLE,
  type Slot,
} from "@/lib/schemas/itinerary";

/**
 * The organizer's hand edits on the plan page: under each item Remove, Move to… (a day
 * and a time of day), Swap… (for another activity that suits everyone, same day and time
 * of day) and Lock / Unlock; below the days, "Add an activity" from the destination's
 * activities that suit everyone and "Add your own" (a title, when, a cost per person and
 * a note). Each edit names the version it was made on and becomes a new version (no
 * regeneration used); a refusal says why, next to the control, and changes nothing.
 */

export type DayChoice = {
  day: number;
  label: string;
  slots: Slot[];
  /** What on that day the organizer's own item may take the place of: an activity (in its time of day) or a meal. */
  replaceable?: { key: string; label: string; slot: Slot | null }[];
};
const SLOT_LABELS: Record<Slot, string> = { morning: "Morning", afternoon: "Afternoon", evening: "Evening" };

type Result = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string> };
export type Alternative = { id: string; title: string; area: string; costUsd: number };

function useEdit() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useActionError();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const run = (act: () => Promise<Result>, onDone?: () => void) =>
    startTransition(async () => {
      setError(null);
      setFieldErrors({});
      const result = await act();
      if (result.ok) {
        reportActionSuccess();
        onDone?.();
      } else if (result.fieldErrors && Object.keys(result.fieldErrors).length > 0) setFieldErrors(result.fieldErrors);
      else setError(result.message);
      router.refresh();
    });
  return { pending, error, fieldErrors, run };
}

const optionLabel = (a: Alternative) => `${a.title} · ${a.area} · ${a.costUsd === 0 ? "free" : formatUsd(a.costUsd)}`;

/**
 * The shell every edit form shares: its accessible name, the fields, what the server said
 * (a refusal is announced), the submit button that says it is working, and Cancel for the
 * small forms that open under an item.
 */
function EditForm({
  id,
  label,
  compact = false,
  pending,
  error,
  done,
  submit,
  working,
  icon,
  onSubmit,
  onCancel,
  children,
}: {
  id?: string;
  label: string;
  /** The small bordered form under an item; otherwise a form of its own in a card. */
  compact?: boolean;
  pending: boolean;
  error?: string | null;
  done?: string | null;
  submit: string;
  working: string;
  icon?: ReactNode;
  onSubmit: () => void;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      aria-label={label}
      className={compact ? "space-y-2 rounded-lg border border-slate-200 p-2" : "space-y-3"}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && onCancel) onCancel();
      }}
    >
      {children}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {done ? <FormMessage tone="success">{done}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" disabled={pending} aria-busy={pending}>
          {icon}
          {pending ? working : submit}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function ItemEditControls({
  tripId,
  version,
  item,
  day,
  days,
  alternatives,
}: {
  tripId: string;
  version: number;
  item: { key: string; title: string; slot: Slot; locked: boolean };
  day: number;
  days: DayChoice[];
  /** What the item can be swapped for: the destination's activities that suit everyone and aren't in the plan. */
  alternatives: Alternative[];
}) {
  const id = useId();
  const { pending, error, run } = useEdit();
  const [open, setOpen] = useState<"move" | "swap" | null>(null);
  const [toDay, setToDay] = useState(day);
  const slotsThere = days.find((d) => d.day === toDay)?.slots ?? [];
  const [toSlot, setToSlot] = useState<Slot>(item.slot);
  const slot = slotsThere.includes(toSlot) ? toSlot : (slotsThere[0] ?? item.slot);
  const [swapFor, setSwapFor] = useState("");
  const [swapMissing, setSwapMissing] = useState(false);
  const base = { tripId, version, itemKey: item.key };
  const toggle = (panel: "move" | "swap") => setOpen((o) => (o === panel ? null : panel));
  const small =
    "inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50";

  return (
    <fieldset className="min-w-0 space-y-2 border-0 p-0 print:hidden" aria-label={`Edit ${item.title}`}>
      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          className={small}
          disabled={pending}
          onClick={() => run(() => removeItineraryItemAction(base))}
          aria-label={`Remove ${item.title}`}
        >
          <Trash2 aria-hidden className="size-3.5" />
          Remove
        </button>
        <button
          type="button"
          className={small}
          disabled={pending}
          aria-expanded={open === "move"}
          aria-controls={`${id}-move`}
          onClick={() => toggle("move")}
          aria-label={`Move ${item.title} to…`}
        >
          <ArrowRightLeft aria-hidden className="size-3.5" />
          Move to…
        </button>
        <button
          type="button"
          className={small}
          disabled={pending}
          aria-expanded={open === "swap"}
          aria-controls={`${id}-swap`}
          onClick={() => toggle("swap")}
          aria-label={`Swap ${item.title} for…`}
        >
          <Repeat aria-hidden className="size-3.5" />
          Swap…
        </button>
        <button
          type="button"
          className={small}
          disabled={pending}
          onClick={() => run(() => lockItineraryItemAction({ ...base, locked: !item.locked }))}
          aria-label={`${item.locked ? "Unlock" : "Lock"} ${item.title}`}
        >
          {item.locked ? <LockOpen aria-hidden className="size-3.5" /> : <Lock aria-hidden className="size-3.5" />}
          {item.locked ? "Unlock" : "Lock"}
        </button>
      </div>
      {open === "move" ? (
        <EditForm
          id={`${id}-move`}
          label={`Move ${item.title}`}
          compact
          pending={pending}
          submit="Move"
          working="Moving…"
          onSubmit={() =>
            run(
              () => moveItineraryItemAction({ ...base, day: toDay, slot }),
              () => setOpen(null),
            )
          }
          onCancel={() => setOpen(null)}
        >
          <div className="flex flex-wrap items-end gap-2">
            <DaySlotPicker
              id={id}
              size="xs"
              days={days}
              day={toDay}
              onDay={setToDay}
              slots={slotsThere}
              slot={slot}
              onSlot={setToSlot}
            />
          </div>
        </EditForm>
      ) : null}
      {open === "swap" ? (
        item.locked ? (
          <p id={`${id}-swap`} className="rounded-lg border border-slate-200 p-2 text-xs text-slate-700">
            {item.title} is locked in place. Unlock it first if you want to swap it for something else.
          </p>
        ) : alternatives.length === 0 ? (
          <p id={`${id}-swap`} className="rounded-lg border border-slate-200 p-2 text-xs text-slate-700">
            Every other activity that suits the whole group is already in the plan.
          </p>
        ) : (
          <EditForm
            id={`${id}-swap`}
            label={`Swap ${item.title}`}
            compact
            pending={pending}
            submit="Swap"
            working="Swapping…"
            onSubmit={() => {
              if (!swapFor) {
                setSwapMissing(true);
                return;
              }
              setSwapMissing(false);
              run(
                () => swapItineraryItemAction({ ...base, activityId: swapFor }),
                () => setOpen(null),
              );
            }}
            onCancel={() => setOpen(null)}
          >
            <div>
              <label htmlFor={`${id}-swap-for`} className="block text-xs font-medium text-slate-800">
                Instead of {item.title} (same day and time of day; only activities that suit everyone)
              </label>
              <select
                id={`${id}-swap-for`}
                value={swapFor}
                onChange={(e) => setSwapFor(e.target.value)}
                aria-invalid={swapMissing ? true : undefined}
                aria-describedby={swapMissing ? `${id}-swap-for-error` : undefined}
                className={inputClasses(swapMissing)}
              >
                <option value="">— Pick one —</option>
                {alternatives.map((a) => (
                  <option key={a.id} value={a.id}>
                    {optionLabel(a)}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-swap-for-error`} message={swapMissing ? "Pick what to swap it for" : undefined} />
            </div>
          </EditForm>
        )
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function AddActivityForm({
  tripId,
  version,
  activities,
  days,
}: {
  tripId: string;
  version: number;
  activities: Alternative[];
  days: DayChoice[];
}) {
  const id = useId();
  const { pending, error, run } = useEdit();
  const [activityId, setActivityId] = useState("");
  const when = useDaySlot(days);
  const [added, setAdded] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  if (activities.length === 0) {
    return <p className="text-sm text-slate-600">Every activity that suits the whole group is already in the plan.</p>;
  }
  return (
    <EditForm
      label="Add an activity"
      pending={pending}
      error={error}
      done={added}
      submit="Add to the plan"
      working="Adding…"
      icon={<Plus aria-hidden className="size-4" />}
      onSubmit={() => {
        setAdded(null);
        if (!activityId) {
          setMissing(true);
          return;
        }
        setMissing(false);
        const title = activities.find((a) => a.id === activityId)?.title ?? "It";
        const { day, slot } = when;
        run(
          () => addItineraryActivityAction({ tripId, version, activityId, day, slot }),
          () => {
            setAdded(`${title} is in the plan now (day ${day}, ${SLOT_LABELS[slot].toLowerCase()}).`);
            setActivityId("");
          },
        );
      }}
    >
      <div>
        <label htmlFor={`${id}-activity`} className="block text-sm font-medium text-slate-800">
          Activity (only ones that suit everyone's needs)
        </label>
        <select
          id={`${id}-activity`}
          value={activityId}
          onChange={(e) => setActivityId(e.target.value)}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-activity-error` : undefined}
          className={inputClasses(missing)}
        >
          <option value="">— Pick one —</option>
          {activities.map((a) => (
            <option key={a.id} value={a.id}>
              {optionLabel(a)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-activity-error`} message={missing ? "Pick an activity" : undefined} />
      </div>
      <div className="flex flex-wrap gap-3">
        <DaySlotPicker id={id} size="sm" days={days} {...when.picker} />
      </div>
    </EditForm>
  );
}

/**
 * Something of the organizer's own (a friend's dinner, a boat they booked): it counts in
 * everyone's cost, takes two hours of its time of day, and is refused when its title names
 * something a member ruled out.
 */
export function AddCustomItemForm({ tripId, version, days }: { tripId: string; version: number; days: DayChoice[] }) {
  const id = useId();
  const { pending, error, fieldErrors, run } = useEdit();
  const when = useDaySlot(days);
  const [title, setTitle] = useState("");
  const [cost, setCost] = useState("");
  const [note, setNote] = useState("");
  const [chosenReplaces, setReplaces] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const errors = { ...fieldErrors };
  // What it may take the place of on the chosen day (a choice made for another day doesn't carry over).
  const replaceable = days.find((d) => d.day === when.day)?.replaceable ?? [];
  const replaced = replaceable.find((r) => r.key === chosenReplaces) ?? null;
  // Wired to the field: its error under it, announced by the field's description; the first one gets focus.
  const wired = (field: string) => ({
    id: `${id}-${field}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [field === "costPerPerson" ? `${id}-cost-hint` : null, errors[field] ? `${id}-${field}-error` : null]
        .filter(Boolean)
        .join(" ") || undefined,
    className: inputClasses(Boolean(errors[field])),
  });
  const focusFirstError = (found: Record<string, string>) => {
    const first = ["title", "day", "slot", "replaces", "costPerPerson", "note"].find((f) => found[f]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  return (
    <EditForm
      label="Add your own"
      pending={pending}
      error={error}
      done={added}
      submit="Add to the plan"
      working="Adding…"
      icon={<PenLine aria-hidden className="size-4" />}
      onSubmit={() => {
        setAdded(null);
        const { day } = when;
        // An activity it replaces gives it its time of day; a meal leaves the time of day chosen.
        const slot = replaced?.slot ?? when.slot;
        const trimmedCost = cost.trim();
        run(
          async () => {
            const result = await addCustomItineraryItemAction({
              tripId,
              version,
              title,
              day,
              slot,
              costPerPerson: trimmedCost === "" ? null : Number(trimmedCost),
              note,
              ...(replaced ? { replaces: replaced.key } : {}),
            });
            if (!result.ok && result.fieldErrors)
              requestAnimationFrame(() => focusFirstError(result.fieldErrors ?? {}));
            return result;
          },
          () => {
            setAdded(
              `${title.trim()} is in the plan now (day ${day}, ${SLOT_LABELS[slot].toLowerCase()})${
                replaced ? `, instead of ${replaced.label}` : ""
              }.`,
            );
            setReplaces("");
            setTitle("");
            setCost("");
            setNote("");
          },
        );
      }}
    >
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-800">
          What is it?
        </label>
        <input
          {...wired("title")}
          type="text"
          value={title}
          required
          minLength={2}
          maxLength={MAX_CUSTOM_TITLE}
          autoComplete="off"
          onChange={(e) => setTitle(e.target.value)}
        />
        <FieldError id={`${id}-title-error`} message={errors.title} />
      </div>
      <div className="flex flex-wrap gap-3">
        <DaySlotPicker id={id} size="sm" days={days} {...when.picker} slotFixedBy={replaced?.slot ? replaced : null} />
      </div>
      {replaceable.length > 0 ? (
        <div>
          <label htmlFor={`${id}-replaces`} className="block text-sm font-medium text-slate-800">
            Instead of (optional)
          </label>
          <p id={`${id}-replaces-hint`} className="mt-0.5 text-xs text-slate-600">
            Pick a planned activity or meal of that day and yours takes its place; a title naming lunch or dinner
            replaces that meal.
          </p>
          <select
            {...wired("replaces")}
            aria-describedby={[`${id}-replaces-hint`, errors.replaces ? `${id}-replaces-error` : null]
              .filter(Boolean)
              .join(" ")}
            value={replaced?.key ?? ""}
            onChange={(e) => setReplaces(e.target.value)}
          >
            <option value="">Nothing: add it alongside</option>
            {replaceable.map((r) => (
              <option key={r.key} value={r.key}>
                {r.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-replaces-error`} message={errors.replaces} />
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-costPerPerson`} className="block text-sm font-medium text-slate-800">
          Cost per person in US dollars (optional)
        </label>
        <p id={`${id}-cost-hint`} className="mt-0.5 text-xs text-slate-600">
          Whole dollars, up to {formatUsd(MAX_CUSTOM_COST)}. It's added to everyone's total. It takes{" "}
          {CUSTOM_ITEM_HOURS} hours of the plan.
        </p>
        <input
          {...wired("costPerPerson")}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_CUSTOM_COST}
          step={1}
          value={cost}
          onChange={(e) => setCost(e.target.value)}
        />
        <FieldError id={`${id}-costPerPerson-error`} message={errors.costPerPerson} />
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
          Note for the group (optional)
        </label>
        <textarea
          {...wired("note")}
          rows={2}
          maxLength={MAX_CUSTOM_NOTE}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <FieldError id={`${id}-note-error`} message={errors.note} />
      </div>
    </EditForm>
  );
}

/** A day and a time of day that exists on it (day 1 starts after arrival, the last day ends early). */
function useDaySlot(days: DayChoice[]) {
  const [day, setDay] = useState(days[0]?.day ?? 1);
  const slots = days.find((d) => d.day === day)?.slots ?? [];
  const [chosenSlot, setSlot] = useState<Slot>("afternoon");
  const slot = slots.includes(chosenSlot) ? chosenSlot : (slots[0] ?? "afternoon");
  return { day, slot, picker: { day, onDay: setDay, slots, slot, onSlot: setSlot } };
}

/** Which day and time of day: the two selects moving or adding an item share. */
function DaySlotPicker({
  id,
  size,
  days,
  day,
  onDay,
  slots,
  slot,
  onSlot,
  slotFixedBy = null,
}: {
  id: string;
  /** An activity the new item replaces: its time of day is the one used, so the choice is shown as taken. */
  slotFixedBy?: { label: string; slot: Slot | null } | null;
  size: "xs" | "sm";
  days: { day: number; label: string }[];
  day: number;
  onDay: (day: number) => void;
  slots: readonly Slot[];
  slot: Slot;
  onSlot: (slot: Slot) => void;
}) {
  const label = `block ${size === "xs" ? "text-xs" : "text-sm"} font-medium text-slate-800`;
  return (
    <>
      <div>
        <label htmlFor={`${id}-day`} className={label}>
          Day
        </label>
        <select
          id={`${id}-day`}
          value={day}
          onChange={(e) => onDay(Number(e.target.value))}
          className={inputClasses(false, "min-w-40")}
        >
          {days.map((d) => (
            <option key={d.day} value={d.day}>
              {d.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-slot`} className={label}>
          Time of day
        </label>
        <select
          id={`${id}-slot`}
          value={slotFixedBy?.slot ?? slot}
          disabled={Boolean(slotFixedBy?.slot)}
          aria-describedby={slotFixedBy?.slot ? `${id}-slot-fixed` : undefined}
          onChange={(e) => onSlot(e.target.value as Slot)}
          className={inputClasses(false)}
        >
          {slots.map((s) => (
            <option key={s} value={s}>
              {SLOT_LABELS[s]}
            </option>
          ))}
        </select>
        {slotFixedBy?.slot ? (
          <p id={`${id}-slot-fixed`} className="mt-0.5 text-xs text-slate-600">
            The {SLOT_LABELS[slotFixedBy.slot].toLowerCase()} of {slotFixedBy.label}, which it replaces.
          </p>
        ) : null}
      </div>
    </>
  );
}
