import { defineItineraryAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { respondentConstraints } from "@/lib/constraints/member";
import { type DestinationFacts, factsIn } from "@/lib/facts";
import { formatUsd, joinAnd } from "@/lib/format";
import { budgetModeOf, groupRange, memberCost, usualTier } from "@/lib/money/ledger";
import { monthsOf } from "@/lib/planning/trip-shape";
import type { ItineraryDay, ItineraryItem } from "@/lib/schemas/itinerary";
import { type CostNotesInput, CostNotesOutput, type CostSheet } from "@/lib/schemas/itinerary-pipeline";
import type { MemberCost } from "@/lib/schemas/money";

/**
 * Cost sanity: what the plan costs each member, in code, from each member's own home and
 * tier (lib/money/ledger.ts) — the nights priced, every activity in the plan — then who
 * goes over their own budget and what would bring them under (skip a paid activity, a
 * cheaper stay). The model adds notes on the assumptions most likely to be off.
 */
export const costChecker = defineItineraryAgent({
  name: "Cost checker",
  reads: ["brief", "rawPreferences", "days", "places"],
  writes: ["costSheet"],
  async run({ brief, rawPreferences, days, places }, ctx) {
    const facts = factsIn(places, brief.slug);
    if (!facts) throw new Error(`Unknown destination ${brief.slug}`);
    const sheet = costSheetOf(facts, respondentConstraints(rawPreferences), brief.nights, days);
    const input: CostNotesInput = {
      destination: facts.name,
      months: monthsOf(brief) ?? [],
      nights: brief.nights,
      tiers: [...new Set(sheet.costs.map((c) => c.tier))],
      paidItems: days
        .flatMap((d) => d.items)
        .filter((i) => i.costPerPerson > 0)
        .map((i) => ({ title: i.title, costUsd: i.costPerPerson })),
      flights: sheet.costs
        .filter((c) => c.travel.mode === "flight")
        .map((c) => ({ hours: c.travel.hours, usd: c.lines[0]?.usd ?? 0 })),
    };
    const { output } = await generateStructured({
      models: ctx.models,
      role: "coster",
      meter: ctx.meter,
      schema: CostNotesOutput,
      system: SYSTEM.coster,
      prompt: `Costs of a ${brief.nights}-night trip to ${facts.name} (JSON): ${JSON.stringify(input)}`,
      offline: { task: "cost-notes", input },
    });
    return {
      patch: { costSheet: { ...sheet, notes: output.notes } },
      inputSummary: `${sheet.costs.length} members, ${input.paidItems.length} paid activities`,
      keyEvidence: [`spread ${formatUsd(sheet.range.low)}–${formatUsd(sheet.range.high)} a person`, `${sheet.mode}`],
      outputSummary: sheet.impactedMemberIds.length
        ? `${sheet.impactedMemberIds.length} member${sheet.impactedMemberIds.length === 1 ? "" : "s"} over their own budget`
        : sheet.mode === "unchecked"
          ? "Nobody over their budget as far as can be told; a hard cap can't be checked yet"
          : "Inside everyone's budget",
    };
  },
});

/**
 * Every member's own cost of the plan — with each day's meals over their own food allowance
 * as a named extra — and for each over their own budget, what would bring them under.
 */
export function costSheetOf(
  facts: DestinationFacts,
  members: ReturnType<typeof respondentConstraints>,
  nights: number,
  days: readonly Pick<ItineraryDay, "day" | "items" | "meals">[],
): Omit<CostSheet, "notes"> {
  const items = days.flatMap((d) => d.items);
  const paid = items.filter((i) => i.costPerPerson > 0);
  const activities = {
    usd: items.reduce((sum, i) => sum + i.costPerPerson, 0),
    basis: `${paid.length} paid activit${paid.length === 1 ? "y" : "ies"} in the plan`,
  };
  const groupTier = usualTier(members);
  const costs: MemberCost[] = members.map((member) =>
    memberCost({ facts, member, nights, activities, groupTier, meals: days }),
  );
  const over = costs.filter((c) => c.overBy > 0);
  return {
    costs,
    range: groupRange(costs),
    mode: budgetModeOf(costs),
    impactedMemberIds: over.map((c) => c.memberId),
    stretches: over.map((c) => ({ memberId: c.memberId, overBy: c.overBy, fixes: fixesFor(c, paid, facts, nights) })),
  };
}

/** Ways back under a budget: the priciest activities that aren't locked, then a cheaper stay. */
function fixesFor(
  cost: MemberCost,
  paid: ItineraryItem[],
  facts: { dailyCostUsd: Record<string, number> },
  nights: number,
): string[] {
  const fixes: string[] = [];
  const skippable = paid.filter((i) => !i.locked).sort((a, b) => b.costPerPerson - a.costPerPerson);
  const skip: ItineraryItem[] = [];
  let saved = 0;
  for (const item of skippable) {
    if (saved >= cost.overBy) break;
    skip.push(item);
    saved += item.costPerPerson;
  }
  if (skip.length) {
    fixes.push(
      `Skip ${joinAnd(skip.map((i) => i.title))} (${formatUsd(saved)} less)${saved >= cost.overBy ? "" : ", which gets partway there"}.`,
    );
  }
  // A splurge over the food allowance is theirs to skip too: the line says which meal and by how much.
  for (const extra of cost.lines.filter((l) => l.item === "food-extra")) {
    fixes.push(`Skip or swap the ${extra.label.replace(/ \(day \d+\):.*/, "")} (${formatUsd(extra.usd)} less).`);
  }
  const cheaper = cost.tier === "premium" ? "midrange" : cost.tier === "midrange" ? "budget" : null;
  if (cheaper) {
    const saving = ((facts.dailyCostUsd[cost.tier] ?? 0) - (facts.dailyCostUsd[cheaper] ?? 0)) * nights;
    if (saving > 0) fixes.push(`A ${cheaper} stay instead of ${cost.tier} saves ${formatUsd(saving)}.`);
  }
  return fixes.length ? fixes : ["Share a room or skip a meal out to bring it down."];
}
