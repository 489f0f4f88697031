"use client";

import { Check, ThumbsUp, Undo2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { chooseDestinationAction, voteForDestinationAction, withdrawVoteAction } from "@/app/actions";
import { useVoteTally } from "@/components/trip/live-store";
import { settleResult, useActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";

/** Vote for an option or take the vote back (anyone in the trip, until a destination is chosen) and, for the organizer, choose it. */
export function OptionActions({
  tripId,
  recommendationId,
  slug,
  name,
  votes: renderedVotes,
  votedForThis: renderedVotedForThis,
  votingOpen,
  canChoose,
}: {
  tripId: string;
  recommendationId: string;
  slug: string;
  name: string;
  votes: number;
  votedForThis: boolean;
  votingOpen: boolean;
  canChoose: boolean;
}) {
  const router = useRouter();
  // The live channel's tally, once one arrived, is newer than the page's render.
  const tally = useVoteTally(recommendationId);
  const votes = tally ? (tally.votes[slug] ?? 0) : renderedVotes;
  const votedForThis = tally ? tally.myVote === slug : renderedVotedForThis;
  const [error, setError] = useActionError();
  const [pending, startTransition] = useTransition();
  const act = (call: () => Promise<{ ok: true } | { ok: false; message: string }>) =>
    startTransition(async () => {
      setError(null);
      const result = await call();
      settleResult(result, setError);
      // On success the live channel brings the new tally (to this view too); a refusal (voting closed) shows why, on the latest page.
      if (!result.ok) router.refresh();
    });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {votingOpen ? (
          <Button
            variant={votedForThis ? "primary" : "secondary"}
            aria-pressed={votedForThis}
            aria-label={`Vote for ${name}`}
            disabled={pending || votedForThis}
            onClick={() => act(() => voteForDestinationAction({ tripId, recommendationId, slug }))}
          >
            <ThumbsUp aria-hidden className="size-4" />
            {votedForThis ? "Your vote" : "Vote"}
          </Button>
        ) : null}
        {votingOpen && votedForThis ? (
          <Button
            variant="ghost"
            aria-label={`Withdraw my vote for ${name}`}
            disabled={pending}
            onClick={() => act(() => withdrawVoteAction({ tripId, recommendationId }))}
          >
            <Undo2 aria-hidden className="size-4" />
            Withdraw
          </Button>
        ) : null}
        <span className="text-sm text-slate-600">
          {votes} {votes === 1 ? "vote" : "votes"}
          {!votingOpen && votedForThis ? " (including yours)" : ""}
        </span>
        {canChoose ? (
          <Button
            variant="ghost"
            className="ml-auto"
            disabled={pending}
            onClick={() => {
              if (window.confirm(`Choose ${name} for this trip? The group moves on to planning the itinerary.`))
                act(() => chooseDestinationAction({ tripId, recommendationId, slug }));
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
