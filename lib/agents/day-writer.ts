import { defineItineraryAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { factsIn } from "@/lib/facts";
import { plural } from "@/lib/format";
import { type ItineraryDay, type ItineraryItem, itemEnd, mealEnd, SLOTS } from "@/lib/schemas/itinerary";
import { type DraftDayInput, DraftDayOutput } from "@/lib/schemas/itinerary-pipeline";

/**
 * Writes one day of the plan (one step per day, all days in parallel): the model words
 * the day the allocation fixed — a title, a description and tips for each activity —
 * while every fact comes from code: which activities, when, where, for how much, from
 * which source. Its answer is checked (exactly those activities, no prices of its own)
 * and repaired if needed. On a repair round it gets the validator's problems for the day.
 * The organizer's own items on the day (kept by the allocation) are not the model's to word:
 * they go into the day exactly as the organizer left them.
 */
export const dayWriter = defineItineraryAgent({
  name: "Day writer",
  reads: ["brief", "allocation", "previous", "places"],
  writes: ["days"],
  async run({ brief, allocation, previous, places }, ctx, arg: { day: number; problems?: string[] }) {
    const facts = factsIn(places, brief.slug);
    const planned = allocation.days.find((d) => d.day === arg.day);
    if (!facts || !planned) throw new Error(`Nothing allocated for day ${arg.day}`);
    const activityOf = (id: string) => {
      const a = facts.activities.find((x) => x.id === id);
      if (!a) throw new Error(`Unknown activity ${id}`);
      return a;
    };
    const mealOf = (id: string) => {
      const m = facts.meals.find((x) => x.id === id);
      if (!m) throw new Error(`Unknown meal place ${id}`);
      return m;
    };
    const input: DraftDayInput = {
      destination: facts.name,
      day: planned.day,
      date: planned.date,
      area: planned.area,
      note: planned.note,
      items: planned.items.map((p) => {
        const a = activityOf(p.activityId);
        return {
          activityId: a.id,
          slot: p.slot,
          start: p.start,
          title: a.title,
          area: a.area,
          description: a.description,
          tips: a.tips,
        };
      }),
      meals: planned.meals.map((m) => {
        const venue = mealOf(m.mealId);
        return { meal: m.meal, name: venue.name, area: venue.area, cuisine: venue.cuisine };
      }),
      problems: arg.problems ?? [],
    };
    const allowed = new Set(planned.items.map((p) => p.activityId));
    const { output, repairs } = await generateStructured({
      models: ctx.models,
      role: "writer",
      meter: ctx.meter,
      schema: DraftDayOutput,
      system: SYSTEM.writer,
      prompt: `Day ${input.day} in ${input.destination}${input.date ? ` (${input.date})` : ""}, around ${input.area}.${input.note ? ` ${input.note}` : ""}${
        input.problems.length ? `\nFix these problems from the check:\n- ${input.problems.join("\n- ")}` : ""
      }\nActivities (JSON, keep exactly these):\n${JSON.stringify(input.items)}\nMeals: ${JSON.stringify(input.meals)}`,
      offline: { task: "draft-day", input },
      check: (o) => {
        const problems: string[] = [];
        const ids = o.items.map((i) => i.activityId);
        for (const id of ids) if (!allowed.has(id)) problems.push(`"${id}" is not one of this day's activities.`);
        for (const id of allowed)
          if (!ids.includes(id)) problems.push(`Keep "${id}"; it is one of this day's activities.`);
        if (new Set(ids).size !== ids.length) problems.push("Each activity appears once.");
        for (const item of o.items) {
          const a = facts.activities.find((x) => x.id === item.activityId);
          if (!a) continue;
          // Prices the facts themselves state (a $1 fare, $15 cocktails) may be repeated; any other is made up.
          const known = new Set([a.costUsd, ...pricesIn(`${a.description} ${a.tips.join(" ")}`)]);
          if (pricesIn(`${item.description} ${item.tips.join(" ")}`).some((p) => !known.has(p)))
            problems.push(`${a.title} costs $${a.costUsd}; state no price the facts don't give.`);
        }
        return problems;
      },
    });
    const written = new Map(output.items.map((i) => [i.activityId, i]));
    const lockedBefore = new Set(
      previous?.days.flatMap((d) => d.items.filter((i) => i.locked).map((i) => i.key)) ?? [],
    );
    const items: ItineraryItem[] = planned.items.map((p) => {
      const a = activityOf(p.activityId);
      const words = written.get(a.id);
      return {
        key: `a:${a.id}`,
        kind: "activity",
        activityId: a.id,
        title: a.title,
        description: words?.description ?? a.description,
        area: a.area,
        slot: p.slot,
        startTime: p.start,
        endTime: itemEnd({ startTime: p.start, durationHours: a.durationHours }),
        durationHours: a.durationHours,
        costPerPerson: a.costUsd,
        tips: words?.tips.length ? words.tips : a.tips,
        source: a.source,
        locked: p.locked || lockedBefore.has(`a:${a.id}`),
      };
    });
    // The organizer's own items: never sent to the model, kept exactly as they were.
    items.push(...(planned.custom ?? []));
    items.sort((x, y) => SLOTS.indexOf(x.slot) - SLOTS.indexOf(y.slot) || x.startTime.localeCompare(y.startTime));
    const day: ItineraryDay = {
      day: planned.day,
      date: planned.date,
      title: output.title,
      items,
      meals: planned.meals.map((m) => {
        const venue = mealOf(m.mealId);
        return {
          key: `m:${venue.id}:${planned.day}:${m.meal}`,
          mealId: venue.id,
          name: venue.name,
          meal: m.meal,
          time: m.time,
          endTime: mealEnd({ time: m.time, meal: m.meal }),
          area: venue.area,
          cuisine: venue.cuisine,
          typicalCostPerPerson: venue.costUsd,
          source: venue.source,
        };
      }),
      note: planned.note,
      ...(planned.free ? { free: planned.free } : {}),
      ...(planned.freeWhy?.length ? { freeWhy: planned.freeWhy } : {}),
    };
    return {
      patch: { days: [day] },
      inputSummary: `Day ${planned.day}: ${plural(items.length, "activity", "activities")} around ${planned.area}`,
      keyEvidence: repairs ? [`${repairs} repair round${repairs === 1 ? "" : "s"}`] : [],
      outputSummary: output.title,
    };
  },
});

function pricesIn(text: string): number[] {
  return [...text.matchAll(/\$\s?(\d[\d,]*)/g)].map((m) => Number(m[1]?.replace(/,/g, "")));
}
