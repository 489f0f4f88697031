"use client";

import { Check } from "lucide-react";
import { useTripStatus } from "@/components/trip/live-store";

import type { TripStatus } from "@/lib/trip-status";

const STEPS: { status: TripStatus; label: string }[] = [
  { status: "collecting", label: "Collecting preferences" },
  { status: "recommending", label: "Choosing a destination" },
  { status: "planning", label: "Planning the itinerary" },
  { status: "finalized", label: "Finalized" },
];

/**
 * Where the trip is in `collecting → recommending → planning → finalized` (kept current by
 * the live channel). On phones only the
 * current step's label is visible (the others stay in the accessibility tree).
 */
export function StatusStepper({ status: rendered }: { status: TripStatus }) {
  // A run's start moves the trip along without a page render: the live channel says where it is.
  const status = useTripStatus(rendered);
  const current = STEPS.findIndex((s) => s.status === status);
  return (
    <ol aria-label="Trip progress" className="flex items-start gap-2 sm:gap-3">
      {STEPS.map((step, i) => {
        // The last step is both where you are and done once the trip is finalized.
        const done = i < current || (status === "finalized" && i === current);
        const isCurrent = i === current;
        return (
          <li
            key={step.status}
            aria-current={isCurrent ? "step" : undefined}
            className={`flex min-w-0 items-center gap-2 ${isCurrent ? "flex-1" : ""} ${i < STEPS.length - 1 ? "sm:flex-1" : "sm:flex-none"}`}
          >
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                done
                  ? "bg-brand-600 text-white"
                  : isCurrent
                    ? "bg-white text-brand-700 ring-2 ring-brand-600"
                    : "bg-white text-slate-600 ring-1 ring-slate-300"
              }`}
            >
              {done ? <Check className="size-4" /> : i + 1}
            </span>
            <span
              className={`text-sm ${isCurrent ? "font-semibold text-slate-900" : "sr-only text-slate-600 sm:not-sr-only"}`}
            >
              {step.label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
            {i < STEPS.length - 1 ? (
              <span
                aria-hidden="true"
                className={`hidden h-0.5 min-w-4 flex-1 rounded sm:block ${i < current ? "bg-brand-600" : "bg-slate-200"}`}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
