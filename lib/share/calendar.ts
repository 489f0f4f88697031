import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalEventStatus } from "ical-generator";
import { Temporal } from "temporal-polyfill";
import { addDays } from "@/lib/dates";
import { formatUsd } from "@/lib/format";
import type { LatLon } from "@/lib/places/geo";
import type { DestinationFacts } from "@/lib/schemas/catalog";
import { type Itinerary, type ItineraryItem, MEAL_MINUTES } from "@/lib/schemas/itinerary";

/**
 * The plan as an iCalendar file (ical-generator, with the destination's VTIMEZONE): one
 * all-day event for the trip and one timed event per activity and per meal, from its start to
 * its end as the plan gives them (meals never overlap an activity), at its local time in the
 * destination's time zone, with the venue's coordinates (GEO) when the facts the version was
 * made with place it (recorded with it, so a later catalog edit doesn't move a venue), so a
 * phone's calendar can show it on a map. UIDs come from the trip and the
 * item's stable key, so a re-import or a subscribed calendar updates events instead of
 * duplicating them; each event's SEQUENCE is how many times its content changed across the
 * trip's versions, so it only grows.
 */

type PlanForCalendar = Pick<Itinerary, "destination" | "dates" | "days" | "weather" | "packingList">;
/** One version of the plan and the destination's facts it was made with (none: no venue is placed). */
export type CalendarVersion = {
  plan: PlanForCalendar;
  facts: (Pick<DestinationFacts, "activities"> & Partial<Pick<DestinationFacts, "meals">>) | undefined;
};

export type CalendarEvent = {
  uid: string;
  summary: string;
  location: string;
  /** The venue's coordinates, when the destination's facts have them. */
  geo: LatLon | null;
  description: string;
  /** All-day: ISO dates, end exclusive. Timed: local wall-clock `YYYY-MM-DDTHH:MM`. */
  start: string;
  end: string;
  allDay: boolean;
};

const UID_DOMAIN = "tripsync";

/** The events of one version of the plan (without links, which depend on who exports it). */
export function calendarEvents(tripId: string, { plan, facts }: CalendarVersion): CalendarEvent[] {
  const { start, end } = plan.dates;
  if (!start || !end) return [];
  const place = `${plan.destination.name}, ${plan.destination.country}`;
  const venue = (item: ItineraryItem) =>
    (item.activityId && facts?.activities.find((a) => a.id === item.activityId)?.coordinates) || null;
  const events: CalendarEvent[] = [
    {
      uid: `${tripId}-trip@${UID_DOMAIN}`,
      summary: `Trip to ${plan.destination.name}`,
      location: place,
      geo: null,
      description: [
        plan.weather.note,
        `Packing list: ${plan.packingList.join(", ")}.`,
        `Times in this calendar are local to ${plan.destination.name} (${plan.destination.timezone}).`,
      ].join("\n"),
      start,
      end: addDays(end, 1),
      allDay: true,
    },
  ];
  for (const day of plan.days) {
    if (!day.date) continue;
    for (const item of day.items) {
      const startsAt = Temporal.PlainDateTime.from(`${day.date}T${item.startTime}`);
      // Its end as the plan gives it (start + length; an organizer's late item may end after midnight).
      const endsAt = startsAt.add({ minutes: Math.round(item.durationHours * 60) });
      events.push({
        uid: `${tripId}-${item.key.replace(/[^A-Za-z0-9-]/g, "-")}@${UID_DOMAIN}`,
        summary: item.title,
        location: item.area ? `${item.area}, ${place}` : place,
        geo: venue(item),
        description: itemDescription(item),
        start: startsAt.toString({ smallestUnit: "minute" }),
        end: endsAt.toString({ smallestUnit: "minute" }),
        allDay: false,
      });
    }
    // Meals at the plan's own times, from start to end (they never overlap an activity).
    for (const meal of day.meals) {
      events.push({
        uid: `${tripId}-${meal.key.replace(/[^A-Za-z0-9-]/g, "-")}@${UID_DOMAIN}`,
        summary: `${MEAL_WORDS[meal.meal]} at ${meal.name}`,
        location: meal.area ? `${meal.area}, ${place}` : place,
        geo: facts?.meals?.find((m) => m.id === meal.mealId)?.coordinates ?? null,
        description: [
          `${meal.cuisine}; about ${formatUsd(meal.typicalCostPerPerson)} a person`,
          `Source: ${meal.source.title} (${meal.source.url})`,
        ].join("\n"),
        start: `${day.date}T${meal.time}`,
        end: Temporal.PlainDateTime.from(`${day.date}T${meal.time}`)
          .add({ minutes: MEAL_MINUTES[meal.meal] })
          .toString({ smallestUnit: "minute" }),
        allDay: false,
      });
    }
  }
  return events;
}

const MEAL_WORDS = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner" } as const;

function itemDescription(item: ItineraryItem): string {
  return [
    item.description,
    item.costPerPerson === 0 ? "Cost: free" : `Cost: ${formatUsd(item.costPerPerson)} per person`,
    ...item.tips.map((tip) => `Tip: ${tip}`),
    item.source ? `Source: ${item.source.title} (${item.source.url})` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * For each event of the last plan in `history` (oldest first): how many times its
 * content changed from one version to the next. An event that leaves the plan and comes
 * back unchanged keeps its count.
 */
export function eventSequences(tripId: string, history: CalendarVersion[]): Map<string, number> {
  const last = new Map<string, string>();
  const sequence = new Map<string, number>();
  for (const version of history) {
    for (const event of calendarEvents(tripId, version)) {
      const content = JSON.stringify(event);
      const before = last.get(event.uid);
      if (before !== undefined && before !== content) sequence.set(event.uid, (sequence.get(event.uid) ?? 0) + 1);
      last.set(event.uid, content);
    }
  }
  return sequence;
}

/**
 * The .ics text for the current plan. `history` is every version up to and including the
 * current one, oldest first, each with the facts it was made with; `link` is where each event points back to (the share page for
 * a shared calendar, the plan page for a member's download); `stamp` is when this version
 * was made, so two exports of the same version are identical.
 */
export function planCalendar({
  tripId,
  history,
  link,
  stamp,
  final,
}: {
  tripId: string;
  history: CalendarVersion[];
  link: string;
  stamp: Date;
  final: boolean;
}): string {
  const current = history.at(-1);
  if (!current) throw new Error("planCalendar needs at least the current version");
  const sequences = eventSequences(tripId, history);
  const { destination } = current.plan;
  const tz = destination.timezone;
  const calendar = ical({
    name: `Trip to ${destination.name}`,
    description: `The day-by-day plan for ${destination.name}, from TripSync.`,
    prodId: { company: "TripSync", product: "Trip plan", language: "EN" },
    url: link,
    // A subscribed calendar checks back twice a day for changes.
    ttl: 12 * 60 * 60,
    // The VTIMEZONE of each event's zone; no calendar-wide zone, so DTSTAMP stays in UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const event of calendarEvents(tripId, current)) {
    calendar.createEvent({
      id: event.uid,
      sequence: sequences.get(event.uid) ?? 0,
      stamp,
      summary: event.summary,
      location: event.geo ? { title: event.location, geo: event.geo } : event.location,
      description: `${event.description}\n\n${link}`,
      url: link,
      status: final ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
      ...(event.allDay
        ? { allDay: true, start: Temporal.PlainDate.from(event.start), end: Temporal.PlainDate.from(event.end) }
        : {
            timezone: tz,
            start: Temporal.PlainDateTime.from(event.start),
            end: Temporal.PlainDateTime.from(event.end),
          }),
    });
  }
  return calendar.toString();
}
