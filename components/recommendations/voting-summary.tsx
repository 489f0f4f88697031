"use client";

import { useVoteTally } from "@/components/trip/live-store";
import { joinAnd } from "@/lib/format";
import type { VotingView } from "@/lib/views/recommendations";

/**
 * "2 of 4 have voted", who hasn't (the organizer's view, to nudge), and whether voting is
 * still open. Counts follow the live channel's tally (cut for this viewer on the server).
 */
export function VotingSummary({
  recommendationId,
  voting: rendered,
  chosen,
}: {
  recommendationId: string;
  voting: VotingView;
  chosen: string | null;
}) {
  const tally = useVoteTally(recommendationId);
  const voting = tally
    ? { ...rendered, voted: tally.voted, members: tally.members, waitingOn: tally.waitingOn }
    : rendered;
  return (
    <div className="rounded-xl bg-slate-50 p-3 text-sm text-slate-800">
      <p>
        <span className="font-medium">
          {voting.voted} of {voting.members} {voting.members === 1 ? "has" : "have"} voted.
        </span>{" "}
        {voting.open
          ? voting.waitingOn?.length
            ? `Waiting on ${joinAnd(voting.waitingOn)}.`
            : null
          : `Voting has closed: ${chosen ?? "a destination"} was chosen.`}
      </p>
    </div>
  );
}
