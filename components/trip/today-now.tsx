"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { Card } from "@/components/ui/card";
import { plural } from "@/lib/format";
import { type TodayPlan, type TodayView, todayView } from "@/lib/planning/today";
import type { DayRoute } from "@/lib/schemas/day-route";

const MEAL_WORDS = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner" } as const;

/** What is left to do before the trip, for this member (each line only when there is something). */
export type LeftToDo = {
  /** Members who haven't answered yet, and whether the viewer is one of them. */
  answers: { pending: number; mine: boolean };
  /** Members still to vote on the destination, when a vote is open. */
  votes: number | null;
  packing: number;
  /** Where to check entry requirements (the destination's essentials), if known. */
  entry: string | null;
};

const minuteOf = (ms: number) => Math.floor(ms / 60_000);
const everyHalfMinute = (onChange: () => void) => {
  const timer = setInterval(onChange, 30_000);
  return () => clearInterval(timer);
};
const never = () => () => {};

/**
 * The minute "today" is shown at. On the server (and while hydrating): the render's time. In
 * the browser: the phone's clock, followed minute by minute — a page opened from the offline
 * copy hours after it was saved still says what is on now, and a group watching the card
 * sees "next" move on. The destination's timezone is applied to either (lib/planning/today.ts),
 * so the phone's own timezone doesn't matter, only its clock. `fixed`: a time given in the
 * address outside production, kept as given.
 */
function useMinute(renderedAt: string, fixed: boolean): number {
  const rendered = minuteOf(Date.parse(renderedAt));
  return useSyncExternalStore(
    fixed ? never : everyHalfMinute,
    () => (fixed ? rendered : minuteOf(Date.now())),
    () => rendered,
  );
}

/**
 * The trip's moment at the top of the dashboard: during the trip, today — now, next, when to
 * leave for it and the way there, the day's meals and weather, tomorrow in a line; before it,
 * the countdown with what's left to do; after it, the summary and the costs to settle.
 */
export function TodayNow({
  tripId,
  plan,
  routes,
  legTexts,
  renderedAt,
  fixedClock,
  leftToDo,
  toSettle,
}: {
  tripId: string;
  plan: TodayPlan;
  routes: DayRoute[];
  /** Each route's legs in words ("40 min by public transport or taxi (8.4 km)"), by day then leg. */
  legTexts: string[][];
  renderedAt: string;
  fixedClock: boolean;
  leftToDo?: LeftToDo;
  /** "Ben pays Olga €28.00", one per transfer that settles the trip's costs. */
  toSettle?: string[];
}) {
  const minute = useMinute(renderedAt, fixedClock);
  const view = todayView(plan, routes, new Date(minute * 60_000));
  if (!view) return null;
  const planHref = `/trips/${tripId}/plan`;
  const legText = (day: number, leg: number) => legTexts[routes.findIndex((r) => r.day === day)]?.[leg] ?? "";
  return (
    <Card title={titleOf(view, plan.destination.name)}>
      <div data-today={view.phase} className="space-y-2 text-sm text-slate-700">
        {view.phase === "before" ? (
          <>
            <p>The trip starts in {plural(view.daysToGo, "day")}.</p>
            <BeforeList tripId={tripId} planHref={planHref} left={leftToDo} />
          </>
        ) : view.phase === "after" ? (
          <>
            <p>
              The trip is over: {plural(view.days, "day")} and {plural(view.stops, "stop")}.{" "}
              <Link href={planHref} className="underline">
                The whole plan
              </Link>{" "}
              stays here.
            </p>
            {toSettle?.length ? (
              <div>
                <p>
                  <strong>Costs to settle:</strong>
                </p>
                <ul className="list-disc pl-5" aria-label="Costs to settle">
                  {toSettle.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <Link href={`/trips/${tripId}/costs`} className="underline">
                  Settle up on the costs page
                </Link>
              </div>
            ) : null}
          </>
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
                    — <strong>leave by {view.leaveBy}</strong>:{" "}
                    {legText(view.day, routes.find((r) => r.day === view.day)?.legs.indexOf(view.legToNext) ?? -1)}
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

function BeforeList({ tripId, planHref, left }: { tripId: string; planHref: string; left?: LeftToDo }) {
  if (!left) return null;
  const lines: { key: string; text: React.ReactNode }[] = [];
  if (left.answers.mine)
    lines.push({
      key: "mine",
      text: <Link href={`/trips/${tripId}/preferences`}>Your answers: not in yet</Link>,
    });
  else if (left.answers.pending > 0)
    lines.push({ key: "answers", text: `Answers: ${plural(left.answers.pending, "member")} still to answer` });
  if (left.votes)
    lines.push({ key: "votes", text: `Votes: ${plural(left.votes, "member")} still to vote on the destination` });
  lines.push({
    key: "packing",
    text: (
      <Link href={`${planHref}#summary-title`} className="underline">
        Packing list: {plural(left.packing, "thing")} to pack
      </Link>
    ),
  });
  if (left.entry)
    lines.push({
      key: "entry",
      text: (
        <>
          <Link href={`${planHref}#before-you-go-title`} className="underline">
            Entry requirements
          </Link>
          : {left.entry}
        </>
      ),
    });
  return (
    <div>
      <p>
        <strong>Left to do:</strong>
      </p>
      <ul className="list-disc pl-5" aria-label="Left to do before the trip">
        {lines.map((l) => (
          <li key={l.key}>{l.text}</li>
        ))}
      </ul>
    </div>
  );
}

function titleOf(view: TodayView, destination: string): string {
  if (view.phase === "before") return `${plural(view.daysToGo, "day")} to ${destination}`;
  if (view.phase === "after") return "After the trip";
  return `Today — day ${view.day}, ${view.time} in ${destination}`;
}
