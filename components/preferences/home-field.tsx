"use client";

import { useEffect, useId, useState } from "react";
import { FieldError, inputClasses } from "@/components/ui/field";
import { type HomePlace, MAX_ORIGIN_LENGTH } from "@/lib/schemas/preferences";
import { fieldId } from "./draft";
import type { SectionProps } from "./fields";

/** Wait this long after the last key before asking for suggestions. */
const DEBOUNCE_MS = 200;

/**
 * "Travelling from" as an ARIA combobox: as the member types, the server's gazetteer
 * offers homes, the likeliest first ("Barcelona, Catalonia, Spain" before Venezuela's);
 * picking one confirms it. A home that isn't picked must be left unknown on purpose
 * ("Leave my home unknown"): then no travel is priced for them, never a guessed region.
 */
export function HomeField({ draft, update, err, tripId }: SectionProps & { tripId: string }) {
  const id = fieldId("origin");
  const listId = useId();
  const [places, setPlaces] = useState<HomePlace[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState("");
  const text = draft.origin.trim();
  const confirmed = draft.originPlace;

  useEffect(() => {
    if (!text || confirmed) {
      setPlaces([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/trips/${tripId}/places?q=${encodeURIComponent(text)}`, {
          signal: controller.signal,
        });
        if (!response.ok) return;
        const body = (await response.json()) as { places: HomePlace[] };
        setPlaces(body.places);
        setSearched(text);
        setActive(body.places.length ? 0 : -1);
      } catch {
        // Aborted by the next keystroke, or offline: the member can still leave their home unknown.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, confirmed, tripId]);

  const pick = (place: HomePlace) => {
    // The field shows what was picked; a label too long for the field keeps just city and country.
    const shown = place.label.length <= MAX_ORIGIN_LENGTH ? place.label : `${place.name}, ${place.country}`;
    update({ origin: shown.slice(0, MAX_ORIGIN_LENGTH), originPlace: place, originUnknown: false });
    setOpen(false);
    setPlaces([]);
  };
  const expanded = open && places.length > 0 && !confirmed;
  const error = err("origin") ?? err("originPlace");

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (!expanded) {
      if (event.key === "ArrowDown" && places.length) setOpen(true);
      return;
    }
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % places.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
    } else if (event.key === "Enter" && active >= 0) {
      // Enter picks the highlighted home instead of submitting the form.
      event.preventDefault();
      const place = places[active];
      if (place) pick(place);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  }

  const statusId = `${id}-status`;
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Travelling from
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={error ? `${statusId} ${id}-error` : statusId}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        value={draft.origin}
        maxLength={MAX_ORIGIN_LENGTH}
        placeholder="Your home city (optional)"
        onChange={(e) => {
          update({ origin: e.target.value, originPlace: null, originUnknown: false });
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={inputClasses(Boolean(error), "max-w-sm")}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Homes matching what you typed"
        hidden={!expanded}
        className="absolute z-10 mt-1 w-full max-w-sm overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        {places.map((place, i) => (
          <div
            key={place.id}
            id={`${listId}-${i}`}
            role="option"
            // Reached by the arrow keys through aria-activedescendant; never a tab stop of its own.
            tabIndex={-1}
            aria-selected={i === active}
            // mousedown, not click: picking must happen before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(place);
            }}
            className={`cursor-pointer px-3 py-3 text-sm sm:py-2 ${i === active ? "bg-brand-50 text-brand-700" : "text-slate-800"}`}
          >
            {place.label}
          </div>
        ))}
      </div>
      <div id={statusId} aria-live="polite" className="mt-1 text-xs">
        {confirmed ? (
          <p className="text-emerald-800">Confirmed: {confirmed.label}. Your travel is priced from here.</p>
        ) : draft.originUnknown && text ? (
          <p className="text-amber-800">
            Your home is left unknown: your costs won't include travel, and a hard cap can't be checked.
          </p>
        ) : text ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
            <span>
              {searched === text && places.length === 0
                ? `We couldn't find “${text}”. Check the spelling, or`
                : "Pick your home from the list so we can price your travel, or"}
            </span>
            <button
              type="button"
              onClick={() => update({ originUnknown: true, originPlace: null })}
              className="min-h-11 text-brand-700 underline sm:min-h-0"
            >
              Leave my home unknown
            </button>
          </div>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
