import { Lock, RefreshCw } from "lucide-react";
import Link from "next/link";
import { PlanButton } from "@/components/itinerary/plan-button";
import { EmptyState } from "@/components/ui/card";
import { FormMessage } from "@/components/ui/field";
import { joinAnd } from "@/lib/format";

/** "This plan is final", with who can reopen it. */
export function FinalNote({ organizer }: { organizer: boolean }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>This plan is final.</strong>{" "}
        {organizer ? "Reopen it to take more feedback or regenerate." : "The organizer can reopen it if plans change."}
      </span>
    </p>
  );
}

/** A member is told the answers changed after the plan was made. */
export function StaleNote() {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <RefreshCw aria-hidden className="mt-0.5 size-4 shrink-0" />
      Someone's answers changed after this plan was made; the organizer can regenerate it.
    </p>
  );
}

/** The last run failed: why, and (organizer, while planning) try again. */
export function RunFailure({
  tripId,
  message,
  retry,
  regenerate,
}: {
  tripId: string;
  message: string;
  retry: boolean;
  regenerate: boolean;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">Planning stopped</p>
      <p>{message}</p>
      {retry ? (
        <div className="mt-2">
          <PlanButton does={regenerate ? "regenerate" : "generate"} input={{ tripId }} label="Try again" />
        </div>
      ) : null}
    </div>
  );
}

/** Before the first plan: what happens next, for whom. */
export function NoPlanYet({ organizer, datesConfirmed }: { organizer: boolean; datesConfirmed: boolean }) {
  return (
    <EmptyState title="No plan yet">
      {organizer
        ? datesConfirmed
          ? "Generate the itinerary: every day respects everyone's hard constraints, and the group can flag and suggest once it's here."
          : "Confirm the trip's dates above, then generate the itinerary."
        : "The organizer will plan the days once the dates are confirmed. You'll be able to flag items and suggest additions here."}
    </EmptyState>
  );
}

/** An earlier version is on the page: back to the current one, or (organizer) restore it. */
export function OtherVersionBar({
  tripId,
  shown,
  current,
  canRestore,
}: {
  tripId: string;
  shown: number;
  current: number;
  canRestore: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
      <span>
        You're looking at version {shown}, not the current plan (version {current}).
      </span>
      <Link href={`/trips/${tripId}/plan`} className="font-medium text-brand-700 underline">
        Back to the current plan
      </Link>
      {canRestore ? (
        <PlanButton
          does="restore"
          input={{ tripId, version: shown }}
          thenGo={`/trips/${tripId}/plan`}
          label={`Restore version ${shown}`}
        />
      ) : null}
    </div>
  );
}

/** The plan was made before some members answered. */
export function PlannedWithout({ names, organizer }: { names: string[]; organizer: boolean }) {
  return (
    <FormMessage tone="info">
      Planned without {joinAnd(names)}'s answers: they hadn't answered yet, so their needs aren't in this plan and it's
      less certain to suit everyone.
      {organizer ? " Once they answer, plan again with the new answers." : ""}
    </FormMessage>
  );
}
