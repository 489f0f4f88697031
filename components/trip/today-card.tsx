import Link from "next/link";
import { legText } from "@/components/itinerary/itinerary-days";
import { Card } from "@/components/ui/card";
import { plural } from "@/lib/format";
import { planRoutes } from "@/lib/planning/day-route";
import { type TodayView, todayView } from "@/lib/planning/today";
import type { DestinationFacts } from "@/lib/schemas/catalog";
import type { Itinerary } from "@/lib/schemas/itinerary";

const MEAL_WORDS = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner" } as const;

/**
 * The trip's moment at the top of the dashboard (lib/planning/today.ts): during the trip, today
 * — now, next, when to leave for it and the way there, the day's meals and weather, tomorrow in
 * a line; before it, the countdown; after it, the summary. Nothing without dated plan.
 */
export function TodayCard({
  tripId,
  itinerary,
  facts,
  at,
}: {
  tripId: string;
  itinerary: Itinerary;
  facts: DestinationFacts | undefined;
  at: Date;
}) {
  const view = todayView(itinerary, facts ? planRoutes(itinerary, facts) : [], at);
  if (!view) return null;
  const planHref = `/trips/${tripId}/plan`;
  return (
    <Card title={titleOf(view, itinerary.destination.name)}>
      <div data-today={view.phase} className="space-y-2 text-sm text-slate-700">
        {view.phase === "before" ? (
          <p>
            The trip starts in {plural(view.daysToGo, "day")}. Left to do: what's listed under "Your turn" above, and
            the <Link href={planHref}>packing list and entry requirements on the plan</Link>.
          </p>
        ) : view.phase === "after" ? (
          <p>
            The trip is over: {plural(view.days, "day")} and {plural(view.stops, "stop")}.{" "}
            <Link href={planHref} className="underline">
              The whole plan
            </Link>{" "}
            stays here.
          </p>
        ) : (
          <>
            <p>
              <strong>Now:</strong> {view.now ? `${view.now.name}, until ${view.now.end}` : "free time"}
            </p>
            {view.next ? (
              <p>
                <strong>Next:</strong> {view.next.name} at {view.next.time}
                {view.leaveBy && view.legToNext ? (
                  <>
                    {" "}
                    — <strong>leave by {view.leaveBy}</strong>: {legText(view.legToNext)}
                  </>
                ) : null}
              </p>
            ) : (
              <p>Nothing more planned today.</p>
            )}
            {view.meals.length ? (
              <p>
                <strong>Meals:</strong>{" "}
                {view.meals
                  .map((m) => `${MEAL_WORDS[m.meal as keyof typeof MEAL_WORDS] ?? m.meal} ${m.time} at ${m.name}`)
                  .join("; ")}
              </p>
            ) : null}
            <p>
              <strong>Weather:</strong> {view.weather}
            </p>
            {view.tomorrow ? (
              <p>
                <strong>Tomorrow:</strong> {view.tomorrow}
              </p>
            ) : null}
            <p>
              <Link href={`${planHref}#day-${view.day}-title`} className="underline">
                Today's route and map
              </Link>
            </p>
          </>
        )}
      </div>
    </Card>
  );
}

function titleOf(view: TodayView, destination: string): string {
  if (view.phase === "before") return `${plural(view.daysToGo, "day")} to ${destination}`;
  if (view.phase === "after") return "After the trip";
  return `Today — day ${view.day}, ${view.time} in ${destination}`;
}
