"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { applyResolutionAction, undoResolutionAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import type { Resolution } from "@/lib/resolutions";
import type { AnswerPatch } from "@/lib/schemas/resolutions";

type Applied = { label: string; before: AnswerPatch; version: number };

/**
 * Applying one of the viewer's own fixes in one step, and undoing it: the same control on the
 * conflicts card and in the to-do at the top of the dashboard.
 */
export function useApplyFix(tripId: string, answersVersion: number | null) {
  const router = useRouter();
  const [applied, setApplied] = useState<Applied | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const apply = (fix: Resolution) =>
    startTransition(async () => {
      setError(null);
      const result = await applyResolutionAction({
        tripId,
        resolutionId: fix.id,
        expectedVersion: answersVersion ?? 0,
      });
      if (result.ok) setApplied(result.data);
      else setError(result.message);
      router.refresh();
    });
  const undo = (done: Applied) =>
    startTransition(async () => {
      setError(null);
      const result = await undoResolutionAction({ tripId, before: done.before, expectedVersion: done.version });
      if (result.ok) setApplied(null);
      else setError(result.message);
      router.refresh();
    });
  return { apply, undo, applied, error, setError, pending, startTransition, router };
}

/** "Applied to your answers: … [Undo]", or why it couldn't be. */
export function FixOutcome({ state }: { state: ReturnType<typeof useApplyFix> }) {
  const { applied, error, pending, undo } = state;
  return (
    <>
      {applied ? (
        <FormMessage tone="success">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span>Applied to your answers: {applied.label}.</span>
            <Button variant="secondary" disabled={pending} aria-busy={pending} onClick={() => undo(applied)}>
              {pending ? "Undoing…" : "Undo"}
            </Button>
          </span>
        </FormMessage>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </>
  );
}

export function ApplyButton({ fix, state }: { fix: Resolution; state: ReturnType<typeof useApplyFix> }) {
  return (
    <Button
      variant="secondary"
      disabled={state.pending}
      aria-busy={state.pending}
      aria-label={`Apply: ${fix.label}`}
      onClick={() => state.apply(fix)}
    >
      Apply
    </Button>
  );
}
