"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { generateRecommendationsAction } from "@/app/actions";
import { useStartedRuns } from "@/components/trip/live-store";
import { settleResult, useActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import { type Unavailable, UnavailableNote } from "@/components/ui/unavailable-note";

/**
 * Starts a run. Disabled while the request is in flight, and with the reason when it can't
 * work now (today's AI allowance, the rate limit); the server also keeps it to one active run per trip.
 */
export function GenerateButton({
  tripId,
  label = "Generate recommendations",
  unavailable,
}: {
  tripId: string;
  label?: string;
  unavailable?: Unavailable | null;
}) {
  const router = useRouter();
  const noteId = useId();
  const [error, setError] = useActionError();
  const [pending, startTransition] = useTransition();
  // A run heard starting on the live channel (this click's or anyone's): nothing to start until it ends.
  const running = useStartedRuns().some((r) => r.kind === "recommendations" && r.status === "running");
  if (running) return null;
  return (
    <div className="space-y-2">
      <Button
        onClick={() =>
          startTransition(async () => {
            setError(null);
            const result = await generateRecommendationsAction(tripId);
            settleResult(result, setError);
            // On success the live channel tells every tab, this one included, and the timeline shows.
            if (!result.ok) router.refresh();
          })
        }
        disabled={pending || Boolean(unavailable)}
        aria-busy={pending}
        aria-describedby={unavailable ? noteId : undefined}
      >
        <Sparkles aria-hidden className="size-4" />
        {pending ? "Starting…" : label}
      </Button>
      {unavailable ? <UnavailableNote id={noteId} unavailable={unavailable} /> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}
