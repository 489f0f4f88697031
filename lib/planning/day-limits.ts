import { strictest } from "@/lib/constraints/limits";
import type { MemberConstraints } from "@/lib/constraints/member";
import { dislikeMatches } from "@/lib/constraints/reading";
import { greatCircleKm, type LatLon } from "@/lib/places/geo";
import { travel } from "@/lib/planning/day-route";
import type { DayBounds } from "@/lib/planning/schedule";

/**
 * The limits members' own words put on the group's days, as the planner applies them.
 * Every member is on every day of a group plan, so each member's limit binds the whole
 * plan: the latest "nothing before", the earliest "back by", the shortest "minutes away",
 * the fewest activities a day. An item's end is its start + its duration.
 */
export type DayLimits = {
  /** Minutes past midnight: no activity starts before (null: no limit). */
  earliest: number | null;
  /** Minutes past midnight: no activity ends after. */
  latest: number | null;
  /** No leg between two stops of a day takes longer (day-route estimate). */
  maxTravel: number | null;
  /** At most this many activities a day. */
  maxActivities: number | null;
  /** No walk between two stops takes longer. */
  maxWalk: number | null;
};

export function dayLimitsOf(members: Pick<MemberConstraints, "limits">[]): DayLimits {
  return strictest(members.flatMap((m) => m.limits));
}

/** The day-wide window the day's scheduler keeps every stop in (lib/planning/day-times.ts). */
export function dayBoundsOf(limits: Pick<DayLimits, "earliest" | "latest">): DayBounds {
  return { earliest: limits.earliest ?? 0, latest: limits.latest ?? 24 * 60 };
}

/** Whether [start, start + hours] keeps every member's time of day. */
export function keepsTimeLimits(startMinutes: number, durationHours: number, limits: DayLimits): boolean {
  if (limits.earliest !== null && startMinutes < limits.earliest) return false;
  if (limits.latest !== null && startMinutes + durationHours * 60 > limits.latest) return false;
  return true;
}

/** Whether two stops are close enough for every member (by the day route's estimate), or no limit applies. */
export function closeEnough(a: LatLon, b: LatLon, limits: DayLimits): boolean {
  if (limits.maxTravel === null && limits.maxWalk === null) return true;
  const leg = travel(greatCircleKm(a, b));
  if (limits.maxTravel !== null && leg.minutes > limits.maxTravel) return false;
  return !(limits.maxWalk !== null && leg.mode === "walk" && leg.minutes > limits.maxWalk);
}

/** The members whose notes speak against this kind of activity or meal (by its keywords or title). */
export function dislikedBy(
  members: Pick<MemberConstraints, "memberId" | "dislikes">[],
  item: { keywords: readonly string[]; title?: string; name?: string },
): { memberId: string; label: string }[] {
  const judged = { keywords: item.keywords, title: item.title ?? item.name ?? "" };
  return members.flatMap((m) =>
    m.dislikes.filter((d) => dislikeMatches(d, judged)).map((d) => ({ memberId: m.memberId, label: d.label })),
  );
}
