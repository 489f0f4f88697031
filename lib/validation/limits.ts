import "server-only";
import { clockLabel } from "@/lib/constraints/limits";
import { dislikeMatches } from "@/lib/constraints/reading";
import type { DestinationFacts } from "@/lib/facts";
import { dayRoute } from "@/lib/planning/day-route";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { MemberView } from "@/lib/validation/member-view";

/**
 * Every member's own limits and dislikes on every day of a plan, as the product read their
 * words (lib/constraints/reading.ts; readings the member dismissed don't count), checked on
 * the plan itself — each member is on every day:
 * - no activity starts before a member's "nothing before", none ends (start + duration) after
 *   their "back by";
 * - no leg between consecutive stops takes longer than their "minutes away" (the day route's
 *   estimate; a leg to a stop without a known place can't be judged);
 * - no more activities a day than their pace allows;
 * - no activity or meal of a kind their notes speak against, unless the organizer locked it
 *   (a lock is visible to everyone and says why).
 */
type Violation = { day: number | null; rule: string; message: string; itemKey?: string };

export function checkLimits(
  itinerary: Pick<Itinerary, "days">,
  facts: Pick<DestinationFacts, "activities" | "meals">,
  members: MemberView[],
): Violation[] {
  const out: Violation[] = [];
  for (const day of itinerary.days) {
    const n = day.day;
    const route = members.some((m) => m.limits.some((l) => l.kind === "max-travel" || l.kind === "max-walk"))
      ? dayRoute(day, facts)
      : null;
    for (const m of members) {
      for (const limit of m.limits) {
        if (limit.kind === "earliest" || limit.kind === "latest") {
          for (const item of day.items) {
            const start = toMinutes(item.startTime);
            const end = start + item.durationHours * 60;
            if (limit.kind === "earliest" && start < limit.minutes)
              out.push({
                day: n,
                rule: "time-limit",
                message: `Day ${n}, "${item.title}" starts at ${item.startTime}: ${m.name} asked for nothing before ${clockLabel(limit.minutes)}.`,
                itemKey: item.key,
              });
            if (limit.kind === "latest" && end > limit.minutes)
              out.push({
                day: n,
                rule: "time-limit",
                message: `Day ${n}, "${item.title}" ends at ${clockLabel(end)}: ${m.name} asked to be back by ${clockLabel(limit.minutes)}.`,
                itemKey: item.key,
              });
          }
        }
        if (limit.kind === "pace" && day.items.length > limit.maxActivities) {
          out.push({
            day: n,
            rule: "pace-limit",
            message: `Day ${n} has ${day.items.length} activities: ${m.name} asked for a slow pace (at most ${limit.maxActivities}).`,
            itemKey: day.items.at(-1)?.key,
          });
        }
        if (limit.kind === "max-walk" && route) {
          for (const leg of route.legs) {
            if (leg.mode !== "walk" || leg.minutes <= limit.minutes) continue;
            const to = route.stops.find((s) => s.key === leg.to);
            out.push({
              day: n,
              rule: "travel-limit",
              message: `Day ${n}: a ${leg.minutes}-minute walk to "${to?.name ?? leg.to}": ${m.name} asked for no long walks (at most ${limit.minutes}).`,
              itemKey: leg.to,
            });
          }
        }
        if (limit.kind === "max-travel" && route) {
          for (const leg of route.legs) {
            if (leg.minutes === null || leg.minutes <= limit.minutes) continue;
            const to = route.stops.find((s) => s.key === leg.to);
            out.push({
              day: n,
              rule: "travel-limit",
              message: `Day ${n}: about ${leg.minutes} minutes to reach "${to?.name ?? leg.to}": ${m.name} asked for no more than ${limit.minutes}.`,
              itemKey: leg.to,
            });
          }
        }
      }
      for (const d of m.dislikes) {
        for (const item of day.items) {
          if (item.locked) continue;
          const known = facts.activities.find((a) => a.id === item.activityId);
          if (dislikeMatches(d, { keywords: known?.keywords ?? [], title: known?.title ?? item.title }))
            out.push({
              day: n,
              rule: "dislike",
              message: `Day ${n}, "${item.title}": ${m.name} asked to ${d.label}.`,
              itemKey: item.key,
            });
        }
        for (const meal of day.meals) {
          const venue = facts.meals.find((x) => x.id === meal.mealId);
          if (venue && dislikeMatches(d, { keywords: venue.keywords, title: venue.name }))
            out.push({
              day: n,
              rule: "dislike",
              message: `Day ${n}, ${meal.meal} at ${meal.name}: ${m.name} asked to ${d.label}.`,
              itemKey: meal.key,
            });
        }
      }
    }
  }
  return out;
}

/** Whether an activity is of a kind some member's notes speak against (for replacements and alternatives). */
export function dislikeBreaks(a: { keywords: string[]; title: string }, m: MemberView): string[] {
  return m.dislikes.filter((d) => dislikeMatches(d, a)).map((d) => d.label);
}

function toMinutes(clock: string): number {
  const [h = 0, m = 0] = clock.split(":").map(Number);
  return h * 60 + m;
}
