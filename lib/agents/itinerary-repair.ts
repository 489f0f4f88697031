import { defineItineraryAgent } from "@/lib/agents/define-agent";
import { factsIn } from "@/lib/facts";
import { plural } from "@/lib/format";
import { freeSlotsOf } from "@/lib/planning/day-times";
import { slotsOf } from "@/lib/planning/itinerary-allocation";

/** Problems a repair can fix by taking an item out of a day (the rest need another draft, or can't be fixed). */
export const REMOVABLE = new Set([
  "flag",
  "hours",
  "hard-constraint",
  "repeat",
  "overlap",
  "leg",
  "time",
  "ungrounded",
  "key",
  "meal",
  // Members' own limits and dislikes (lib/validation/limits.ts).
  "time-limit",
  "travel-limit",
  "pace-limit",
  "dislike",
]);

/**
 * The repair half of the generator–critic loop, in code: an activity or meal the
 * validator caught (closed then, breaks someone's constraint, double-booked, not as the
 * facts say) leaves that day's allocation, and the plan says so in its assumptions. The
 * days it touched are drafted again and re-costed, then checked again (at most 3 rounds).
 * A problem with the trip as a whole (its dates, its place, the weather for those dates)
 * can't be repaired here: the run ends with an explanation instead.
 */
export const itineraryRepair = defineItineraryAgent({
  name: "Repairer",
  reads: ["brief", "allocation", "violations", "places"],
  writes: ["allocation"],
  async run({ brief, allocation, violations, places }) {
    const facts = factsIn(places, brief.slug);
    if (!facts) throw new Error(`Unknown destination ${brief.slug}`);
    const notes: string[] = [];
    const next = allocation.days.map((planned) => {
      const keys = new Set(
        violations.filter((v) => v.day === planned.day && REMOVABLE.has(v.rule) && v.itemKey).map((v) => v.itemKey),
      );
      if (keys.size === 0) return planned;
      const items = planned.items.filter((p) => {
        if (!keys.has(`a:${p.activityId}`)) return true;
        const title = facts.activities.find((a) => a.id === p.activityId)?.title ?? p.activityId;
        notes.push(`Day ${planned.day}: ${title} was taken out because a final check found a problem with it.`);
        return false;
      });
      const meals = planned.meals.filter((m) => {
        if (!keys.has(`m:${m.mealId}:${planned.day}:${m.meal}`)) return true;
        const name = facts.meals.find((x) => x.id === m.mealId)?.name ?? m.mealId;
        notes.push(
          `Day ${planned.day}: ${m.meal} at ${name} was taken out because a final check found a problem with it.`,
        );
        return false;
      });
      // The organizer's own item the check caught (a member has since ruled out what it names…) leaves with a note, never silently.
      const custom = planned.custom?.filter((c) => {
        if (!keys.has(c.key)) return true;
        notes.push(
          `Day ${planned.day}: your own "${c.title}" was taken out because a final check found a problem with it.`,
        );
        return false;
      });
      // What it took out leaves that part of the day free, and labelled so.
      const free = freeSlotsOf(
        slotsOf(planned.day, brief.days),
        [
          ...items.map((p) => ({
            slot: p.slot,
            durationHours: facts.activities.find((a) => a.id === p.activityId)?.durationHours ?? 0,
          })),
          ...(custom ?? []),
        ],
        meals,
      );
      // Each free part says why: as before, or (newly free) that the final check took its item out.
      const freeWhy = free.map(
        (slot) =>
          planned.freeWhy?.find((f) => f.slot === slot) ?? {
            slot,
            reason: `A final check took out what was planned this ${slot}, and nothing else fitted.`,
          },
      );
      return { ...planned, items, meals, free, freeWhy, ...(custom ? { custom } : {}) };
    });
    return {
      patch: { allocation: { ...allocation, days: next, notes: [...allocation.notes, ...notes] } },
      inputSummary: plural(violations.length, "problem"),
      keyEvidence: notes.slice(0, 5),
      outputSummary: notes.length ? `${plural(notes.length, "item")} taken out` : "Nothing to take out",
    };
  },
});
