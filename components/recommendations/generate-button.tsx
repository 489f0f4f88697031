"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { generateRecommendationsAction } from "@/app/actions";
import { useStartedRuns } from "@/components/trip/live-store";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";

/** Starts a run. Disabled while the request is in flight; the server also keeps it to one active run per trip. */
export function GenerateButton({ tripId, label = "Generate recommendations" }: { tripId: string; label?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
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
            // On success the live channel tells every tab, this one included, and the timeline shows.
            if (!result.ok) {
              setError(result.message);
              router.refresh();
            }
          })
        }
        disabled={pending}
        aria-busy={pending}
      >
        <Sparkles aria-hidden className="size-4" />
        {pending ? "Starting…" : label}
      </Button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}
