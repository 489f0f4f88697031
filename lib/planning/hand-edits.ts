import { costSheetOf } from "@/lib/agents/cost-checker";
import { suitsEveryone } from "@/lib/constraints/judge";
import { respondentConstraints } from "@/lib/constraints/member";
import type { DestinationFacts } from "@/lib/facts";
import { minutes, openFor, weekdayOf } from "@/lib/planning/clock";
import { dayBoundsOf, dayLimitsOf, keepsTimeLimits } from "@/lib/planning/day-limits";
import { freeSlotsOf, retimeDay, SLOT_MINUTES } from "@/lib/planning/day-times";
import { slotsOf } from "@/lib/planning/itinerary-allocation";
import type { OpeningHours } from "@/lib/schemas/catalog";
import {
  CUSTOM_ITEM_AREA,
  CUSTOM_ITEM_HOURS,
  clockPlus,
  type FlagReason,
  type Itinerary,
  type ItineraryDay,
  type ItineraryItem,
  MEAL_CLOCK,
  MEAL_LATEST,
  MEAL_MINUTES,
  SLOT_TIMES,
  type Slot,
} from "@/lib/schemas/itinerary";
import type { RawMember } from "@/lib/schemas/pipeline";
import { type ItineraryViolation, organizerItemsOf, validateItinerary } from "@/lib/validation/itinerary";

/**
 * The organizer's hand edits of a plan (remove, move, add one of the destination's
 * activities, swap an item for another of them, add something of their own, lock /
 * unlock), as a pure function from one version to the next. The
 * edited plan's costs are recomputed per member with the pipeline's own cost sheet
 * (lib/agents/cost-checker.ts), and the independent validator judges it against the
 * members' current answers: an edit that adds a problem the plan didn't have (a member's
 * hard constraint, opening hours, the pace, a hard budget cap…) is refused with what it
 * would break, so nothing changes. Problems the plan already had (answers changed since
 * it was made) don't block an edit, so a hand edit can be how they get fixed.
 */

export type HandEdit =
  | { kind: "remove"; itemKey: string }
  | { kind: "move"; itemKey: string; day: number; slot: Slot }
  | { kind: "add"; activityId: string; day: number; slot: Slot }
  | { kind: "lock"; itemKey: string; locked: boolean }
  | { kind: "swap"; itemKey: string; activityId: string }
  | {
      kind: "custom";
      /** `c:<random id>`: made by the caller, so the function stays pure. */
      key: string;
      title: string;
      day: number;
      slot: Slot;
      costPerPerson: number;
      note: string;
      /** The planned activity (its key) or meal (its key) on that day it takes the place of. */
      replaces?: string;
    };

export type HandEditContext = {
  facts: DestinationFacts;
  /** Every member with their current answers (null: not answered). */
  members: RawMember[];
  /** The trip's confirmed dates. */
  dates: { start: string; end: string } | null;
  /** Today on the server's clock. */
  today: string;
  now: Date;
  /** Flags in force, as their rows say: an edit may not bring back an item under one (lift the flag first). */
  flags?: { id: string; itemKey: string; reason: FlagReason; text: string }[];
};

/** Why an edit can't be made, in words for the organizer. */
export class EditRefused extends Error {
  constructor(
    message: string,
    readonly violations: ItineraryViolation[] = [],
  ) {
    super(message);
    this.name = "EditRefused";
  }
}

export function applyHandEdit(plan: Itinerary, edit: HandEdit, ctx: HandEditContext): Itinerary {
  const days = plan.days.map((d) => ({ ...d, items: [...d.items] }));
  // Members' times of day: hand edits and the re-timing after them keep them as the planner does.
  const limits = dayLimitsOf(respondentConstraints(ctx.members));
  const bounds = dayBoundsOf(limits);
  const located = (key: string) => {
    const day = days.find((d) => d.items.some((i) => i.key === key));
    const item = day?.items.find((i) => i.key === key);
    if (!day || !item) throw new EditRefused("That item isn't in this version of the plan any more.");
    return { day, item };
  };
  const targetDay = (n: number) => {
    const day = days.find((d) => d.day === n);
    if (!day) throw new EditRefused(`The trip has no day ${n}; it runs ${days.length} days.`);
    return day;
  };
  /** One of the destination's activities, as a plan item (refused when unknown or already in the plan). */
  const catalogItem = (activityId: string): Omit<ItineraryItem, "slot" | "startTime"> => {
    const activity = ctx.facts.activities.find((a) => a.id === activityId);
    if (!activity) throw new EditRefused(`That isn't one of ${ctx.facts.name}'s activities.`);
    const already = days.find((d) => d.items.some((i) => i.activityId === activity.id));
    if (already) throw new EditRefused(`${activity.title} is already on day ${already.day}.`);
    return {
      key: `a:${activity.id}`,
      kind: "activity",
      activityId: activity.id,
      title: activity.title,
      description: activity.description,
      area: activity.area,
      durationHours: activity.durationHours,
      costPerPerson: activity.costUsd,
      tips: activity.tips.slice(0, 3),
      source: activity.source,
      locked: false,
    };
  };
  /**
   * Puts an item in a day and time of day, re-timing the day (lib/planning/day-times.ts): the
   * day's activities and meals move to leave room for it and the travel between; the
   * organizer's own items keep their times (a new one of theirs takes the first start that fits).
   */
  const put = (
    day: ItineraryDay,
    slot: Slot,
    item: Omit<ItineraryItem, "slot" | "startTime">,
    /** Starts tried first (the organizer's own meal: the hours of the meal it replaces). */
    preferred: string[] = [],
  ) => {
    const activity = ctx.facts.activities.find((a) => a.id === item.activityId);
    const daySlots = slotsOf(day.day, days.length);
    const starts: string[] = preferred.filter((t) => keepsTimeLimits(minutes(t), item.durationHours, limits));
    if (daySlots.includes(slot)) {
      const from = minutes(SLOT_TIMES[slot].start);
      const latest = minutes(SLOT_TIMES[slot].end) - item.durationHours * 60;
      // The organizer's own item takes the first start members' times of day allow ("nothing before 10am").
      if (item.kind === "custom") {
        for (let t = from; t <= latest; t += 15)
          if (keepsTimeLimits(t, item.durationHours, limits)) starts.push(clockPlus("00:00", t));
      } else starts.push(SLOT_TIMES[slot].start);
    }
    for (const startTime of starts) {
      const timed = retimeDay(
        { ...day, items: [...day.items, { ...item, slot, startTime }] },
        daySlots,
        ctx.facts,
        bounds,
      );
      if (timed) {
        Object.assign(day, timed);
        return;
      }
    }
    throw new EditRefused(
      noRoom({ ...item, hours: activity?.hours ?? null }, day, slot, days.length, (t, h) =>
        keepsTimeLimits(t, h, limits),
      ),
    );
  };
  /** A day something left: re-timed (its meals may move back to their usual times), its free parts updated. */
  const refresh = (day: ItineraryDay) => {
    const daySlots = slotsOf(day.day, days.length);
    const timed = retimeDay(day, daySlots, ctx.facts, bounds);
    if (timed) Object.assign(day, timed);
    else day.free = freeSlotsOf(daySlots, day.items, day.meals);
  };

  switch (edit.kind) {
    case "remove": {
      const { day, item } = located(edit.itemKey);
      day.items = day.items.filter((i) => i !== item);
      refresh(day);
      break;
    }
    case "lock": {
      const { day, item } = located(edit.itemKey);
      if (Boolean(item.locked) === edit.locked) {
        throw new EditRefused(`${item.title} is already ${edit.locked ? "locked" : "unlocked"}.`);
      }
      day.items = day.items.map((i) => (i === item ? { ...i, locked: edit.locked } : i));
      break;
    }
    case "move": {
      const { day, item } = located(edit.itemKey);
      // Nothing would change: no new version for it.
      if (day.day === edit.day && item.slot === edit.slot) {
        throw new EditRefused(`${item.title} is already in the ${item.slot} of day ${day.day}.`);
      }
      const to = targetDay(edit.day);
      day.items = day.items.filter((i) => i !== item);
      const { slot: _slot, startTime: _start, endTime: _end, ...rest } = item;
      put(to, edit.slot, rest);
      if (to !== day) refresh(day);
      break;
    }
    case "add": {
      put(targetDay(edit.day), edit.slot, catalogItem(edit.activityId));
      break;
    }
    case "swap": {
      const { day, item } = located(edit.itemKey);
      if (item.locked) {
        throw new EditRefused(
          `${item.title} is locked in place: unlock it first if you want to swap it for something else.`,
        );
      }
      const replacement = catalogItem(edit.activityId);
      const activity = ctx.facts.activities.find((a) => a.id === edit.activityId);
      // Only an alternative: one that suits every member (what the page offers; the validator would name the rule anyway).
      if (activity && !suitsEveryone(activity, respondentConstraints(ctx.members))) {
        throw new EditRefused(
          `${activity.title} doesn't suit everyone in the group, so it can't replace ${item.title}.`,
        );
      }
      day.items = day.items.filter((i) => i !== item);
      try {
        put(day, item.slot, replacement);
      } catch (error) {
        if (!(error instanceof EditRefused)) throw error;
        const hours = activity?.hours;
        throw new EditRefused(
          `${replacement.title} can't take the place of ${item.title}: it doesn't fit in the ${item.slot} of day ${day.day}${
            hours ? ` (it's open ${hours.open}–${hours.close})` : ""
          } around what's already there. Pick another alternative, or add it on another day.`,
        );
      }
      break;
    }
    case "custom": {
      const day = targetDay(edit.day);
      // What it takes the place of: the activity or meal the organizer picked, or the day's
      // planned lunch or dinner its title names ("Dinner at Aunt Rosa's").
      const named = mealNamedIn(edit.title);
      const meal = edit.replaces
        ? day.meals.find((m) => m.key === edit.replaces)
        : day.meals.find((m) => m.meal === named);
      const replaced = edit.replaces && !meal ? day.items.find((i) => i.key === edit.replaces) : undefined;
      if (edit.replaces && !meal && !replaced)
        throw new EditRefused(`That activity or meal isn't on day ${day.day} of this version any more.`);
      if (replaced?.locked)
        throw new EditRefused(`${replaced.title} is locked in place: unlock it first if you want to replace it.`);
      if (meal) day.meals = day.meals.filter((m) => m !== meal);
      if (replaced) day.items = day.items.filter((i) => i !== replaced);
      const mealOf = meal?.meal === "lunch" || meal?.meal === "dinner" ? meal.meal : named;
      const isMeal = Boolean(mealOf && (meal || !day.meals.some((m) => m.meal === mealOf)));
      // The organizer's own meal takes the meal's place in the day: first the time the planned one
      // had, then every quarter hour of the meal's usual window (dinner 18:30–21:30), and only then
      // the time of day picked, so an evening show doesn't push "Dinner at Aunt Rosa's" out.
      const mealStarts =
        isMeal && mealOf
          ? [
              ...(meal?.time ? [meal.time] : []),
              ...quarterHours(MEAL_CLOCK[mealOf], MEAL_LATEST[mealOf]).filter((t) => t !== meal?.time),
            ]
          : [];
      // The organizer's own plan: no catalog facts to go by, so a fixed length that fits every window, and no source.
      put(
        day,
        replaced?.slot ?? edit.slot,
        {
          key: edit.key,
          kind: "custom",
          activityId: null,
          title: edit.title,
          description: edit.note,
          area: CUSTOM_ITEM_AREA,
          // A meal of their own lasts as long as the meal it replaces (dinner 1 h 30 min).
          durationHours: isMeal && mealOf ? MEAL_MINUTES[mealOf] / 60 : CUSTOM_ITEM_HOURS,
          costPerPerson: edit.costPerPerson,
          tips: [],
          source: null,
          locked: false,
          ...(isMeal && mealOf ? { meal: mealOf } : {}),
        },
        replaced ? [] : mealStarts,
      );
      break;
    }
  }

  const items = days.flatMap((d) => d.items);
  const inPlan = new Set(items.map((i) => i.activityId));
  const removedByHand = [
    ...new Set([
      ...(plan.removedByHand ?? []),
      ...(edit.kind === "remove" || edit.kind === "swap"
        ? plan.days.flatMap((d) => d.items.filter((i) => i.key === edit.itemKey))
        : []
      ).flatMap((i) => (i.activityId ? [i.activityId] : [])),
    ]),
  ].filter((id) => !inPlan.has(id));
  const sheet = costSheetOf(ctx.facts, respondentConstraints(ctx.members), plan.dates.nights, days);
  const activityUrls = new Set(ctx.facts.activities.map((a) => a.source.url));
  const sources = new Map<string, { title: string; url: string }>();
  for (const i of items) if (i.source) sources.set(i.source.url, i.source);
  for (const s of plan.sources) if (!activityUrls.has(s.url)) sources.set(s.url, s);
  const edited: Itinerary = {
    ...plan,
    days,
    costs: sheet.costs,
    costRange: sheet.range,
    budgetMode: sheet.mode,
    impactedMemberIds: sheet.impactedMemberIds,
    stretches: sheet.stretches,
    sources: [...sources.values()],
    generatedAt: ctx.now.toISOString(),
    removedByHand,
  };

  const evidence = {
    members: ctx.members,
    facts: ctx.facts,
    dates: ctx.dates,
    plannedOn: ctx.today,
    feedback: [],
    flags: ctx.flags ?? [],
  };
  // The organizer's own items are theirs to add, move and remove by hand: each plan is judged with its own.
  const before = new Set(
    validateItinerary(plan, { ...evidence, organizerItems: organizerItemsOf(plan) }).map((v) => v.message),
  );
  const added = validateItinerary(edited, { ...evidence, organizerItems: organizerItemsOf(edited) }).filter(
    (v) => !before.has(v.message),
  );
  if (added.length) {
    throw new EditRefused(
      `That edit would break the plan, so nothing was changed: ${added
        .slice(0, 3)
        .map((v) => v.message.replace(/\.$/, ""))
        .join("; ")}.`,
      added,
    );
  }
  return edited;
}

/** The meal an organizer's own item's title names ("Dinner at Aunt Rosa's", "a picnic lunch"), if one. */
export function mealNamedIn(title: string): "lunch" | "dinner" | undefined {
  if (/\b(dinner|supper)\b/i.test(title)) return "dinner";
  if (/\b(lunch|brunch)\b/i.test(title)) return "lunch";
  return undefined;
}

/**
 * Why an item can't go in a time of day, naming the real reason: the day has no such time; it
 * is longer than that time of day; it isn't open then (or that day); members' times of day
 * leave too little of it; or only then, what is already there (with a meal and the travel).
 */
function noRoom(
  item: { key: string; title: string; durationHours: number; hours: OpeningHours | null },
  day: ItineraryDay,
  slot: Slot,
  days: number,
  keepsTimes: (start: number, durationHours: number) => boolean,
): string {
  const { title, hours } = item;
  if (!slotsOf(day.day, days).includes(slot)) {
    return day.day === 1
      ? `Day 1 is the arrival day: the plan starts after lunch, so it has no ${slot}.`
      : `Day ${day.day} is the departure day: the plan ends by late afternoon, so it has no ${slot}.`;
  }
  const window = SLOT_TIMES[slot];
  const from = minutes(window.start);
  // A morning item may run on into the afternoon (a day trip); any other must end in its time of day.
  const until =
    slot === "morning" && item.durationHours * 60 > SLOT_MINUTES.morning
      ? minutes(SLOT_TIMES.afternoon.end)
      : minutes(window.end);
  const length = item.durationHours * 60;
  const span = `${window.start}–${slot === "morning" && until > minutes(window.end) ? SLOT_TIMES.afternoon.end : window.end}`;
  const starts: number[] = [];
  for (let t = from; t + length <= until; t += 15) starts.push(t);
  const lasts = formatHours(item.durationHours);
  if (starts.length === 0)
    return `${title} takes ${lasts}, longer than the ${slot} (${span}). Try another time of day.`;
  const open = starts.filter((t) => openFor(hours, day.date, clockPlus("00:00", t), item.durationHours));
  if (open.length === 0) {
    const closedThatDay = hours && day.date && hours.closedOn.includes(weekdayOf(day.date));
    return closedThatDay
      ? `${title} is closed on day ${day.day} (${day.date}). Try another day.`
      : `${title} is open ${hours?.open}–${hours?.close}, which leaves less than its ${lasts} inside the ${slot} (${span}). Try another time of day.`;
  }
  if (!open.some((t) => keepsTimes(t, item.durationHours)))
    return `Members' times of day leave too little of the ${slot} of day ${day.day} for its ${lasts}. Try another time of day.`;
  // What is already there: in a day trip's case, in the afternoon it runs on into too.
  const taken: Slot[] = until > minutes(window.end) ? ["morning", "afternoon"] : [slot];
  const there = day.items.filter((i) => i.key !== item.key && taken.includes(i.slot));
  if (there.length === 0) {
    const meal = slot === "morning" ? "lunch" : slot === "afternoon" ? "dinner" : null;
    return `${title} doesn't fit in the ${slot} of day ${day.day}: with the travel from the stop before${
      meal && day.meals.some((m) => m.meal === meal) ? ` and ${meal} after it` : ""
    }, its ${lasts} don't fit in ${span}${hours ? ` while it's open (${hours.open}–${hours.close})` : ""}. Try another time of day or another day.`;
  }
  return `${title} doesn't fit in the ${slot} of day ${day.day}: ${
    hours ? `it's open ${hours.open}–${hours.close}, and it` : "it"
  } has to fit around what's already there that ${taken.join(" and ")} (${there.map((i) => i.title).join(", ")}). Try another time of day or another day.`;
}

/** Every quarter hour from `from` to `until` ("18:30", "18:45", … "21:30"). */
function quarterHours(from: string, until: string): string[] {
  const out: string[] = [];
  for (let t = minutes(from); t <= minutes(until); t += 15) out.push(clockPlus("00:00", t));
  return out;
}

function formatHours(hours: number): string {
  const whole = Math.floor(hours);
  const rest = Math.round((hours - whole) * 60);
  return whole === 0 ? `${rest} min` : rest === 0 ? `${whole} h` : `${whole} h ${rest} min`;
}
