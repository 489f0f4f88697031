"use client";

import { ArrowRightLeft, Lock, LockOpen, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import {
  addItineraryActivityAction,
  lockItineraryItemAction,
  moveItineraryItemAction,
  removeItineraryItemAction,
} from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage, inputClasses } from "@/components/ui/field";
import { formatUsd } from "@/lib/format";
import type { Slot } from "@/lib/schemas/itinerary";

/**
 * The organizer's hand edits on the plan page: under each item Remove, Move to… (a day
 * and a time of day) and Lock / Unlock; below the days, "Add an activity" from the
 * destination's activities that suit everyone. Each edit names the version it was made
 * on and becomes a new version (no regeneration used); a refusal says why, next to the
 * control, and changes nothing.
 */

export type DayChoice = { day: number; label: string; slots: Slot[] };
const SLOT_LABELS: Record<Slot, string> = { morning: "Morning", afternoon: "Afternoon", evening: "Evening" };

type Result = { ok: true } | { ok: false; message: string };

function useEdit() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const run = (act: () => Promise<Result>, onDone?: () => void) =>
    startTransition(async () => {
      setError(null);
      const result = await act();
      if (result.ok) onDone?.();
      else setError(result.message);
      router.refresh();
    });
  return { pending, error, run };
}

export function ItemEditControls({
  tripId,
  version,
  item,
  day,
  days,
}: {
  tripId: string;
  version: number;
  item: { key: string; title: string; slot: Slot; locked: boolean };
  day: number;
  days: DayChoice[];
}) {
  const id = useId();
  const { pending, error, run } = useEdit();
  const [moving, setMoving] = useState(false);
  const [toDay, setToDay] = useState(day);
  const slotsThere = days.find((d) => d.day === toDay)?.slots ?? [];
  const [toSlot, setToSlot] = useState<Slot>(item.slot);
  const slot = slotsThere.includes(toSlot) ? toSlot : (slotsThere[0] ?? item.slot);
  const base = { tripId, version, itemKey: item.key };
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
          aria-expanded={moving}
          aria-controls={`${id}-move`}
          onClick={() => setMoving((m) => !m)}
          aria-label={`Move ${item.title} to…`}
        >
          <ArrowRightLeft aria-hidden className="size-3.5" />
          Move to…
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
      {moving ? (
        <form
          id={`${id}-move`}
          aria-label={`Move ${item.title}`}
          className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 p-2"
          onSubmit={(event) => {
            event.preventDefault();
            run(
              () => moveItineraryItemAction({ ...base, day: toDay, slot }),
              () => setMoving(false),
            );
          }}
        >
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
          <Button type="submit" variant="secondary" disabled={pending} aria-busy={pending}>
            {pending ? "Moving…" : "Move"}
          </Button>
          <Button variant="ghost" onClick={() => setMoving(false)} disabled={pending}>
            Cancel
          </Button>
        </form>
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
  activities: { id: string; title: string; area: string; costUsd: number }[];
  days: DayChoice[];
}) {
  const id = useId();
  const { pending, error, run } = useEdit();
  const [activityId, setActivityId] = useState("");
  const [day, setDay] = useState(days[0]?.day ?? 1);
  const slotsThere = days.find((d) => d.day === day)?.slots ?? [];
  const [chosenSlot, setSlot] = useState<Slot>("afternoon");
  const slot = slotsThere.includes(chosenSlot) ? chosenSlot : (slotsThere[0] ?? "afternoon");
  const [added, setAdded] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  if (activities.length === 0) {
    return <p className="text-sm text-slate-600">Every activity that suits the whole group is already in the plan.</p>;
  }
  return (
    <form
      aria-label="Add an activity"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setAdded(null);
        if (!activityId) {
          setMissing(true);
          return;
        }
        setMissing(false);
        const title = activities.find((a) => a.id === activityId)?.title ?? "It";
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
              {a.title} · {a.area} · {a.costUsd === 0 ? "free" : formatUsd(a.costUsd)}
            </option>
          ))}
        </select>
        {missing ? (
          <p id={`${id}-activity-error`} className="mt-1 text-sm text-red-700">
            Pick an activity
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <DaySlotPicker
          id={id}
          size="sm"
          days={days}
          day={day}
          onDay={setDay}
          slots={slotsThere}
          slot={slot}
          onSlot={setSlot}
        />
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {added ? <FormMessage tone="success">{added}</FormMessage> : null}
      <Button type="submit" variant="secondary" disabled={pending} aria-busy={pending}>
        <Plus aria-hidden className="size-4" />
        {pending ? "Adding…" : "Add to the plan"}
      </Button>
    </form>
  );
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
}: {
  id: string;
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
          value={slot}
          onChange={(e) => onSlot(e.target.value as Slot)}
          className={inputClasses(false)}
        >
          {slots.map((s) => (
            <option key={s} value={s}>
              {SLOT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
