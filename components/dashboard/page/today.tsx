import { TodayCard } from "@/components/trip/today-card";
import { readBalancesFor } from "@/lib/actions/costs";
import type { Caller } from "@/lib/auth/guards";
import { factsOfPlan } from "@/lib/db/queries/destination-facts";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { NO_NEEDS, travelerEssentials } from "@/lib/facts/essentials";
import { formatMoney } from "@/lib/money/display";
import { clockOf } from "@/lib/planning/today";

/**
 * Today on the trip, from the current plan: before it the countdown and what's left to do,
 * after it what's left to settle (the same figures as the costs page). Nothing without a plan.
 */
export async function TodaySection({
  caller,
  now,
  answers,
  votesLeft,
}: {
  caller: Caller;
  /** `?now=` on the page: a fixed clock for showing a given day. */
  now: string | undefined;
  answers: { pending: number; mine: boolean };
  /** Organizer: how many haven't voted while voting is open; else null. */
  votesLeft: number | null;
}) {
  const plan = await currentItinerary({ tripId: caller.trip.id });
  if (!plan) return null;
  const facts = (await factsOfPlan(plan.itinerary))?.facts;
  const clock = clockOf(now);
  const costs = await readBalancesFor(caller);
  return (
    <TodayCard
      tripId={caller.trip.id}
      itinerary={plan.itinerary}
      facts={facts}
      at={clock.at}
      fixedClock={clock.fixed}
      leftToDo={{
        answers,
        votes: votesLeft,
        packing: plan.itinerary.packingList.length,
        entry: facts ? travelerEssentials(facts, NO_NEEDS).essentials.entry : null,
      }}
      toSettle={costs?.transfers.map((t) => `${t.fromName} pays ${t.toName} ${formatMoney(t.amount, costs.currency)}`)}
    />
  );
}
