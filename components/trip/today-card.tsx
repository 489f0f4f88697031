import { legText } from "@/components/itinerary/itinerary-days";
import { type LeftToDo, TodayNow } from "@/components/trip/today-now";
import { planRoutes } from "@/lib/planning/day-route";
import type { DestinationFacts } from "@/lib/schemas/catalog";
import type { Itinerary } from "@/lib/schemas/itinerary";

/**
 * The trip's moment at the top of the dashboard (lib/planning/today.ts), drawn by TodayNow:
 * the server renders it at the request's time, and the phone then follows its own clock (a
 * page saved for offline use opens on the moment it is opened, not the one it was saved at).
 * The day's routes and their legs in words are worked out here, once, from the plan's facts.
 * Nothing without a dated plan.
 */
export function TodayCard({
  tripId,
  itinerary,
  facts,
  at,
  fixedClock = false,
  leftToDo,
  toSettle,
}: {
  tripId: string;
  itinerary: Itinerary;
  facts: DestinationFacts | undefined;
  at: Date;
  /** Keep to `at` (a time given in the address outside production) instead of following the phone's clock. */
  fixedClock?: boolean;
  leftToDo?: LeftToDo;
  toSettle?: string[];
}) {
  if (!itinerary.dates.start || !itinerary.dates.end) return null;
  const routes = facts ? planRoutes(itinerary, facts) : [];
  return (
    <TodayNow
      tripId={tripId}
      plan={{
        destination: itinerary.destination,
        dates: itinerary.dates,
        days: itinerary.days.map((d) => ({ day: d.day, date: d.date, title: d.title, meals: d.meals })),
        weather: itinerary.weather,
      }}
      routes={routes}
      legTexts={routes.map((r) => r.legs.map(legText))}
      renderedAt={at.toISOString()}
      fixedClock={fixedClock}
      leftToDo={leftToDo}
      toSettle={toSettle}
    />
  );
}
