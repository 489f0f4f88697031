"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { generateRecommendationsAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";

/** Starts a run. Disabled while the request is in flight; the server also keeps it to one active run per trip. */
export function GenerateButton({ tripId, label = "Generate recommendations" }: { tripId: string; label?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-2">
      <Button
        onClick={() =>
          startTransition(async () => {
            setError(null);
            const result = await generateRecommendationsAction(tripId);
            // On success the action's revalidation re-renders the page (and the live channel tells every tab).
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
