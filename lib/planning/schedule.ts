/**
 * A day's timetable: given what the day holds, in the order it is lived (morning, lunch,
 * afternoon, dinner, evening), when each thing starts so that nothing overlaps and every
 * stop leaves the travel time to the next one (next start ≥ previous end + leg minutes).
 *
 * Each stop starts as early as it may: after the stop before it and the way there, not
 * before its own earliest time, and only where `allowed` says yes (a venue's opening hours,
 * a member's time-of-day limit); it must end by its latest. A stop with a `fixed` start (the
 * organizer's own item) keeps it, and what comes before must leave room for it. Starts move
 * in 5-minute steps, so times read like a plan (10:05, not 10:03).
 *
 * Day-wide limits (`bounds`: nothing before 10:00, back by 22:00) apply to every stop.
 */

/** The order things happen in a day; a stop's `phase` is one of these. */
export const PHASES = ["morning", "lunch", "afternoon", "dinner", "evening"] as const;
export type Phase = (typeof PHASES)[number];

export type TimedStop<P = unknown> = {
  key: string;
  phase: Phase;
  /** Length in minutes. */
  minutes: number;
  /** Earliest start and latest end, minutes since midnight. */
  earliest: number;
  latest: number;
  /** A start that must not move (the organizer's own item). */
  fixed?: number;
  /** Whether it may start then (opening hours, time-of-day limits); absent: any time in its window. */
  allowed?: (start: number) => boolean;
  /** Where it is, for the travel time from the stop before (whatever the leg function reads). */
  place: P;
};

export type DayBounds = { earliest: number; latest: number };
export type Timetable = { key: string; start: number; end: number; travelBefore: number }[];

const STEP = 5;

/**
 * The timetable for the stops in day order (by phase, then as given), or null when they
 * can't all fit. `leg` gives the minutes from one stop's place to the next one's.
 */
export function timetable<P>(
  stops: TimedStop<P>[],
  leg: (from: P, to: P) => number,
  bounds: DayBounds = { earliest: 0, latest: 24 * 60 - 1 },
): Timetable | null {
  const ordered = stops
    .map((stop, index) => ({ stop, index }))
    .sort((a, b) => PHASES.indexOf(a.stop.phase) - PHASES.indexOf(b.stop.phase) || a.index - b.index)
    .map((x) => x.stop);
  const out: Timetable = [];
  let previous: { stop: TimedStop<P>; end: number } | null = null;
  for (const stop of ordered) {
    const travelBefore: number = previous ? leg(previous.stop.place, stop.place) : 0;
    const ready: number = previous ? previous.end + travelBefore : 0;
    const earliest = Math.max(stop.earliest, bounds.earliest);
    const latest = Math.min(stop.latest, bounds.latest);
    let start: number | null = null;
    if (stop.fixed !== undefined) {
      start = stop.fixed >= ready ? stop.fixed : null;
    } else {
      for (let t = roundUp(Math.max(ready, earliest)); t + stop.minutes <= latest; t += STEP) {
        if (!stop.allowed || stop.allowed(t)) {
          start = t;
          break;
        }
      }
    }
    if (start === null) return null;
    const end: number = start + stop.minutes;
    out.push({ key: stop.key, start, end, travelBefore });
    previous = { stop, end };
  }
  return out;
}

function roundUp(t: number): number {
  return Math.ceil(t / STEP) * STEP;
}
