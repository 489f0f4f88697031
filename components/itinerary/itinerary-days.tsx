import { Clock, ExternalLink, MapPin, Route, Utensils } from "lucide-react";
import type { ReactNode } from "react";
import { DayMap } from "@/components/itinerary/day-map";
import { WideOpenDetails } from "@/components/ui/collapsible-card";
import { formatDay, formatUsd } from "@/lib/format";
import type { LatLon } from "@/lib/places/geo";
import { entriesWithFree } from "@/lib/planning/day-route";
import { daySummary } from "@/lib/planning/day-title";
import type { MapTiles } from "@/lib/planning/map-tiles";
import type { Source } from "@/lib/schemas/catalog";
import type { DayRoute, RouteLeg } from "@/lib/schemas/day-route";
import { type ItineraryDay, type ItineraryItem, itemEnd, type MealStop, mealEnd } from "@/lib/schemas/itinerary";

const SLOT_LABELS = { morning: "Morning", afternoon: "Afternoon", evening: "Evening" } as const;
const MEAL_LABELS = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner" } as const;

/**
 * The days of a plan, in order: each day's items and meals by local time, with how to get
 * from one to the next and a link to the day's route in Maps when `routes` are given
 * (lib/planning/day-route.ts). Server-rendered (the share page reads without JavaScript);
 * the plan page passes `itemExtra` to put each member's flag / feedback controls under an
 * item. In print, each day starts a new page.
 */
export function ItineraryDays({
  days,
  routes,
  itemExtra,
  mealExtra,
  collapsible = false,
  drafting = false,
  stayAreas,
  mapTiles,
}: {
  days: ItineraryDay[];
  routes?: DayRoute[];
  /** The destination's suggested stay areas, shaded on each day's map (components/itinerary/day-map.tsx). */
  stayAreas?: { name: string; coordinates: LatLon }[];
  /** The operator's map tiles under each day's map (none: the embedded grid, nothing fetched elsewhere). */
  mapTiles?: MapTiles | null;
  itemExtra?: (item: ItineraryItem, day: ItineraryDay) => ReactNode;
  /** Under a meal: what it adds to the viewer's total when it is over the food allowance. */
  mealExtra?: (meal: MealStop) => ReactNode;
  /** Each day a one-line summary on a phone, opened on demand (the plan page; never the printed share page). */
  collapsible?: boolean;
  /** Days as first drafted while a run goes on (not yet checked): labelled so, with ids of their own. */
  drafting?: boolean;
}) {
  return (
    <ol className="space-y-4">
      {days.map((day) => (
        <li
          key={day.day}
          className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 print:break-inside-avoid print:border-0 print:p-0 print:not-first:break-before-page"
          aria-labelledby={`${drafting ? "draft-" : ""}day-${day.day}-title`}
        >
          <DayBody
            day={day}
            route={routes?.find((r) => r.day === day.day)}
            itemExtra={itemExtra}
            mealExtra={mealExtra}
            collapsible={collapsible}
            drafting={drafting}
            stayAreas={stayAreas}
            mapTiles={mapTiles}
          />
        </li>
      ))}
    </ol>
  );
}

function DayBody({
  day,
  route,
  itemExtra,
  mealExtra,
  collapsible,
  drafting = false,
  stayAreas,
  mapTiles,
}: {
  stayAreas?: { name: string; coordinates: LatLon }[];
  mapTiles?: MapTiles | null;
  day: ItineraryDay;
  route: DayRoute | undefined;
  itemExtra?: (item: ItineraryItem, day: ItineraryDay) => ReactNode;
  mealExtra?: (meal: MealStop) => ReactNode;
  collapsible: boolean;
  drafting?: boolean;
}) {
  // The way to each stop from the one before it (the route runs in the same order as the entries).
  const legTo = new Map(route?.legs.map((leg) => [leg.to, leg]));
  // Each stop's number, as on the day's map: its place in the route.
  const numberOf = new Map(route?.stops.map((stop, i) => [stop.key, i + 1]));
  const entries = entriesWithFree(day).map((entry) => {
    if (entry.kind === "free") {
      return (
        <li key={`free-${entry.slot}`} className="flex gap-3 text-sm text-slate-600">
          <span className="w-12 shrink-0 font-mono text-xs text-slate-500 tabular-nums">{entry.time}</span>
          <span className="italic">
            Free {entry.slot}: time of your own
            {whyFree(day, entry.slot) ? <span className="not-italic"> · {whyFree(day, entry.slot)}</span> : null}
          </span>
        </li>
      );
    }
    if (entry.kind === "item") {
      const { item } = entry;
      return (
        <Item
          key={item.key}
          item={item}
          leg={legTo.get(item.key)}
          n={numberOf.get(item.key)}
          extra={itemExtra?.(item, day)}
        />
      );
    }
    const { meal } = entry;
    return (
      <li key={meal.key} className="space-y-1">
        <Leg leg={legTo.get(meal.key)} />
        <div className="flex gap-3 text-sm text-slate-700">
          <Times start={meal.time} end={mealEnd(meal)} />
          <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <StopNumber n={numberOf.get(meal.key)} />
            <Utensils aria-hidden className="size-3.5 shrink-0 self-center text-slate-400" />
            <span>
              <span className="font-medium text-slate-900">{MEAL_LABELS[meal.meal]}</span> at{" "}
              <a
                href={meal.source.url}
                className="underline decoration-slate-300 underline-offset-2 hover:decoration-slate-500"
                rel="noopener noreferrer"
                target="_blank"
              >
                {meal.name}
              </a>
            </span>
            <span className="text-xs text-slate-500">
              {meal.cuisine} · {meal.area} · about {formatUsd(meal.typicalCostPerPerson)} a person
            </span>
          </span>
        </div>
        {mealExtra?.(meal)}
      </li>
    );
  });

  const heading = (
    <h3 id={`${drafting ? "draft-" : ""}day-${day.day}-title`} className="font-semibold text-slate-900">
      Day {day.day}
      {drafting ? <span className="font-normal text-amber-800"> — drafted, being checked</span> : null}
      {day.date ? <span className="font-normal text-slate-600"> · {formatDay(day.date)}</span> : null}
      <span className="block text-base font-medium text-slate-800 sm:inline sm:before:content-['_—_']">
        {titleOf(day)}
      </span>
    </h3>
  );
  const body = (
    <>
      {day.note ? <p className="mt-1 text-sm text-slate-600">{day.note}</p> : null}
      {route?.mapUrl ? (
        <p className="mt-1 text-sm print:hidden">
          <a
            href={route.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
          >
            <Route aria-hidden className="size-3.5" />
            {route.stops.filter((s) => s.coordinates).length === 1
              ? "Show this day's stop in Maps"
              : "Open this day's route in Maps"}
            <span className="sr-only"> for day {day.day}</span>
            <ExternalLink aria-hidden className="size-3" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      {day.items.length === 0 && day.meals.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">A free day: nothing planned.</p>
      ) : (
        <ol className="mt-3 space-y-3">{entries}</ol>
      )}
      {route ? <DayMap route={route} stayAreas={stayAreas} tiles={mapTiles} /> : null}
    </>
  );
  if (!collapsible) {
    return (
      <>
        {heading}
        {body}
      </>
    );
  }
  return (
    <WideOpenDetails
      summary={
        <>
          {heading}
          <p className="text-xs text-slate-600">{daySummary(day)}</p>
        </>
      }
    >
      {body}
    </WideOpenDetails>
  );
}

/** How to get to a stop from the one before it: "↓ 12 min walk (0.8 km)", in words as well as the arrow. */
function Leg({ leg }: { leg: RouteLeg | undefined }) {
  if (!leg) return null;
  return (
    <p className="flex gap-3 text-xs text-slate-500">
      <span aria-hidden className="w-12 shrink-0 text-center">
        ↓
      </span>
      <span>
        <span className="sr-only">Getting here from the stop before: </span>
        {legText(leg)}
      </span>
    </p>
  );
}

const MODE_WORDS = { walk: "walk", transit: "by public transport or taxi", drive: "by car or train" } as const;

/**
 * "12 min walk (0.8 km)", "25 min by public transport or taxi (6.5 km)"; an estimate says so:
 * "about 15 min by public transport or taxi (estimate: a stop without a known place)".
 */
export function legText(leg: RouteLeg): string {
  const time = leg.minutes < 60 ? `${leg.minutes} min` : formatHours(leg.minutes / 60);
  const km =
    leg.km === null
      ? null
      : leg.km < 0.1
        ? "under 0.1 km"
        : leg.km < 10
          ? `${leg.km.toFixed(1)} km`
          : `${Math.round(leg.km)} km`;
  if (leg.basis === "places") return `${time} ${MODE_WORDS[leg.mode]} (${km})`;
  const why = leg.basis === "areas" ? "estimated between the areas" : "estimate: a stop without a known place";
  return `about ${time} ${MODE_WORDS[leg.mode]} (${km ? `${km}, ` : ""}${why})`;
}

/** "09:00–11:30" (start and end; on a phone the end wraps under the start). */
function Times({ start, end, className = "" }: { start: string; end: string; className?: string }) {
  return (
    <span className={`w-12 shrink-0 font-mono text-xs text-slate-500 tabular-nums ${className}`}>
      {start}
      <span aria-hidden>–</span>
      <span className="sr-only"> to </span>
      <span className="block">{end}</span>
    </span>
  );
}

/** A stop's number on the day's map, before its name. */
function StopNumber({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  return (
    <span className="mr-1.5 inline-flex size-5 shrink-0 items-center justify-center self-center rounded-full bg-brand-600 text-[11px] font-semibold text-white tabular-nums print:hidden">
      <span className="sr-only">Stop </span>
      {n}
      <span className="sr-only">:</span>
    </span>
  );
}

function Item({
  item,
  leg,
  n,
  extra,
}: {
  item: ItineraryItem;
  leg: RouteLeg | undefined;
  n: number | undefined;
  extra: ReactNode;
}) {
  return (
    <li className="space-y-1" id={`item-${item.key}`}>
      <Leg leg={leg} />
      <div className="flex gap-3">
        <Times start={item.startTime} end={itemEnd(item)} className="pt-0.5" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium text-slate-900">
            <span className="sr-only">{SLOT_LABELS[item.slot]}: </span>
            <StopNumber n={n} />
            {item.title}
            {item.locked ? (
              <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                Kept in place
              </span>
            ) : null}
          </p>
          {item.description ? <p className="text-sm text-slate-700">{item.description}</p> : null}
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
            {item.area ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden className="size-3" />
                {item.area}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="size-3" />
              {formatHours(item.durationHours)}
            </span>
            <span>{item.costPerPerson === 0 ? "Free" : `${formatUsd(item.costPerPerson)} per person`}</span>
            {item.source ? <SourceLink source={item.source} prefix="Source: " /> : null}
          </p>
          {item.tips.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-600">
              {item.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          ) : null}
          {extra}
        </div>
      </div>
    </li>
  );
}

/** The day's title without a leading "Day 2 · " (the heading already says which day it is). */
/** Why a part of the day is free, as the planner recorded it (older plans: nothing to say). */
function whyFree(day: ItineraryDay, slot: string): string | null {
  return day.freeWhy?.find((f) => f.slot === slot)?.reason ?? null;
}

function titleOf(day: ItineraryDay): string {
  return day.title.replace(new RegExp(`^Day ${day.day}\\s*[·:–—-]\\s*`), "") || day.title;
}

function formatHours(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  return minutes === 0 ? `${whole} h` : `${whole} h ${minutes} min`;
}

/** A source with its title as the link text (in print, the address follows it). */
export function SourceLink({ source, prefix }: { source: Source; prefix: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      {prefix}
      <a
        href={source.url}
        rel="noopener noreferrer"
        target="_blank"
        className="inline-flex items-center gap-1 underline decoration-slate-300 underline-offset-2 hover:decoration-slate-500 print:no-underline print:after:content-['_('attr(href)')']"
      >
        {source.title}
        <ExternalLink aria-hidden className="size-3 print:hidden" />
      </a>
    </span>
  );
}
