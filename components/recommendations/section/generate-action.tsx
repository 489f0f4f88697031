import Link from "next/link";
import type { RecommendationsView } from "@/lib/views/recommendations";
import { GenerateButton } from "../generate-button";

/** The organizer's button in the section's corner: generate or regenerate, or first add their own answers. */
export function GenerateAction({
  tripId,
  view,
  organizerAnswered,
}: {
  tripId: string;
  view: RecommendationsView;
  organizerAnswered: boolean;
}) {
  if (!organizerAnswered) {
    return (
      <p className="max-w-xs text-sm text-slate-700">
        <Link href={`/trips/${tripId}/preferences`} className="font-medium text-brand-700 underline">
          Add your own answers first
        </Link>{" "}
        — recommendations need at least the organizer's preferences.
      </p>
    );
  }
  return (
    <GenerateButton
      tripId={tripId}
      label={view.current ? "Regenerate" : "Generate recommendations"}
      unavailable={view.modelRefusal}
    />
  );
}

/** The last run failed: why, and (organizer, when it can work again) try again. */
export function GenerationFailure({
  tripId,
  error,
  isOrganizer,
  unavailable,
}: {
  tripId: string;
  error: { message: string; retryable: boolean };
  isOrganizer: boolean;
  unavailable: RecommendationsView["modelRefusal"];
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">Generation stopped</p>
      <p>{error.message}</p>
      {isOrganizer && error.retryable ? (
        <div className="mt-2">
          <GenerateButton tripId={tripId} label="Try again" unavailable={unavailable} />
        </div>
      ) : null}
    </div>
  );
}
