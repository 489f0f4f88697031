import { defineItineraryAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { factsIn } from "@/lib/facts";
import { weatherAndPacking } from "@/lib/planning/finishing";
import { monthsOf } from "@/lib/planning/trip-shape";
import { type PolishInput, PolishOutput } from "@/lib/schemas/itinerary-pipeline";

/**
 * Makes the plan read as one trip: day titles that say where and what, the assumptions in
 * plain words (the model), and — in code, from the destination's climate normals for the
 * dates and what the plan has people doing — the weather note and the packing list.
 * Nothing is added, dropped or moved here; the check refuses an answer that tries.
 */
export const dayPolisher = defineItineraryAgent({
  name: "Polisher",
  reads: ["brief", "allocation", "days", "places"],
  writes: ["finishing", "days"],
  async run({ brief, allocation, days, places }, ctx) {
    const facts = factsIn(places, brief.slug);
    if (!facts) throw new Error(`Unknown destination ${brief.slug}`);
    const activities = days
      .flatMap((d) => d.items)
      .flatMap((i) => facts.activities.filter((a) => a.id === i.activityId));
    const { weather, packingList } = weatherAndPacking(facts, monthsOf(brief), activities);
    const baseAssumptions = [
      "Lodging, food and local transport are covered by the daily cost at each person's stay level; half of it is the day's food allowance, and meals are chosen within it unless someone asked for a splurge, which is added to each person's total as a named extra.",
      brief.days > 1
        ? "Day 1 starts after arrival around midday, and the last day ends by late afternoon for the trip home."
        : "It is a single day: the plan runs from morning to evening.",
      `Times are local (${facts.timezone}); opening hours are the venues' regular hours, so check holidays before you go. Lunch is planned for an hour and dinner for an hour and a half, and the times leave room to get from each stop to the next.`,
      "Prices are typical per-person figures from our destination facts; check them when you book.",
      ...allocation.notes,
    ];
    const input: PolishInput = {
      destination: facts.name,
      days: days.map((d) => ({
        day: d.day,
        title: d.title,
        items: d.items.map((i) => ({ key: i.key, title: i.title, slot: i.slot, area: i.area, start: i.startTime })),
      })),
      assumptions: baseAssumptions,
    };
    const { output } = await generateStructured({
      models: ctx.models,
      role: "polisher",
      meter: ctx.meter,
      schema: PolishOutput,
      system: SYSTEM.polisher,
      prompt: `The plan for ${facts.name} (JSON): ${JSON.stringify(input)}`,
      offline: { task: "polish", input },
      check: (o) => {
        const wanted = days.map((d) => d.day).sort();
        const got = o.titles.map((t) => t.day).sort();
        return JSON.stringify(wanted) === JSON.stringify(got) ? [] : ["Give exactly one title for each day."];
      },
    });
    const titles = new Map(output.titles.map((t) => [t.day, t.title]));
    return {
      patch: {
        days: days.map((d) => ({ ...d, title: titles.get(d.day) ?? d.title })),
        finishing: { weather, packingList, assumptions: output.assumptions },
      },
      inputSummary: `${days.length} days`,
      keyEvidence: [weather.basis, `${packingList.length} things to pack`],
      outputSummary: "Titles, weather note, packing list and assumptions",
    };
  },
});
