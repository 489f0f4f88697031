"use client";

import { Check, ThumbsUp } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { chooseDestinationAction, voteForDestinationAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";

/** Vote for an option (anyone in the trip) and, for the organizer, choose it. */
export function OptionActions({
  tripId,
  recommendationId,
  slug,
  name,
  votes,
  votedForThis,
  canChoose,
}: {
  tripId: string;
  recommendationId: string;
  slug: string;
  name: string;
  votes: number;
  votedForThis: boolean;
  canChoose: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const act = (fn: typeof voteForDestinationAction) =>
    startTransition(async () => {
      setError(null);
      const result = await fn({ tripId, recommendationId, slug });
      if (!result.ok) setError(result.message);
      router.refresh();
    });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={votedForThis ? "primary" : "secondary"}
          aria-pressed={votedForThis}
          aria-label={`Vote for ${name}`}
          disabled={pending}
          onClick={() => act(voteForDestinationAction)}
        >
          <ThumbsUp aria-hidden className="size-4" />
          {votedForThis ? "Your vote" : "Vote"}
        </Button>
        <span className="text-sm text-slate-600">
          {votes} {votes === 1 ? "vote" : "votes"}
        </span>
        {canChoose ? (
          <Button
            variant="ghost"
            className="ml-auto"
            disabled={pending}
            onClick={() => {
              if (window.confirm(`Choose ${name} for this trip? The group moves on to planning the itinerary.`))
                act(chooseDestinationAction);
            }}
          >
            <Check aria-hidden className="size-4" />
            Choose {name}
          </Button>
        ) : null}
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}
