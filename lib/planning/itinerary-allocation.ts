import { flagKinds, isHardFlag } from "@/lib/constraints/flags";
import { type Breach, itemBreaches, termMatches } from "@/lib/constraints/judge";
import { hardCapOf, type MemberConstraints } from "@/lib/constraints/member";
import { wordsOf } from "@/lib/constraints/text";
import { addDays } from "@/lib/dates";
import type { DestinationFacts } from "@/lib/facts";
import { travelBetween, UNKNOWN_HOME } from "@/lib/facts/travel";
import { formatUsd, plural } from "@/lib/format";
import { greatCircleKm } from "@/lib/places/geo";
import { clock, minutes, openFor } from "@/lib/planning/clock";
import { closeEnough, type DayLimits, dayLimitsOf, dislikedBy, keepsTimeLimits } from "@/lib/planning/day-limits";
import type { CatalogActivity, CatalogMeal } from "@/lib/schemas/catalog";
import {
  type FeedbackOutcome,
  type ItineraryItem,
  MEAL_CLOCK,
  PACE_LIMITS,
  SLOT_TIMES,
  type Slot,
} from "@/lib/schemas/itinerary";
import type { Allocation, FeedbackInput, FlagInForce, ItineraryBrief } from "@/lib/schemas/itinerary-pipeline";
import type { Vibe } from "@/lib/schemas/preferences";

/**
 * Shares the destination's activities and meals out over the trip's days, in code, before
 * any model writes a word:
 * - only what suits every member (diets, access needs, hard no's) and is open when placed;
 * - each day around one area (then the nearest areas), each activity in a time of day it
 *   suits, at most as many a day as the group's pace allows; day 1 starts after arrival,
 *   the last day ends before departure;
 * - locked items stay where the organizer put them, and on a regeneration the rest of the
 *   previous plan stays put unless feedback moves it;
 * - paid activities stop before any member's own hard cap would be passed;
 * - lunch and dinner near the day's area, open at meal time, fine for every diet;
 * - every feedback item ends applied or declined, with a reason and, when it can't be met,
 *   alternatives that can;
 * - a flag stays in force: its item (and a kind its words name) never comes back, whatever
 *   plans again — a regeneration, a repair, a re-plan — until its author lets go of it.
 */

type Occupied = { slot: Slot; start: string; durationHours: number };

export type AllocationInput = {
  facts: DestinationFacts;
  members: MemberConstraints[];
  brief: Pick<ItineraryBrief, "start" | "nights" | "days" | "pace">;
  /** Liked vibes (the group's) and disliked ones, for ordering. */
  taste: { liked: Vibe[]; disliked: Vibe[] };
  previous: { days: { day: number; items: ItineraryItem[] }[]; removedByHand?: string[] } | null;
  feedback: FeedbackInput[];
  /**
   * Every flag in force (open or applied): its item stays out of this version and every later
   * one, and a kind its words name ("no museums") stays out too (lib/constraints/flags.ts).
   */
  flags?: FlagInForce[];
  /** The tier each member stays at (for the activity budget under hard caps). */
  groupTier: "budget" | "midrange" | "premium";
};

const SLOT_CAPACITY: Record<Slot, number> = {
  morning: hoursBetween(SLOT_TIMES.morning.start, SLOT_TIMES.morning.end),
  afternoon: hoursBetween(SLOT_TIMES.afternoon.start, SLOT_TIMES.afternoon.end),
  evening: hoursBetween(SLOT_TIMES.evening.start, SLOT_TIMES.evening.end),
};
/** Morning and afternoon together, lunch on the go: the longest a day trip may be. */
const FULL_DAY_HOURS = hoursBetween(SLOT_TIMES.morning.start, SLOT_TIMES.afternoon.end);

function hoursBetween(a: string, b: string): number {
  return (minutes(b) - minutes(a)) / 60;
}

/** Which slots a day has: day 1 starts after arrival, the last day ends before departure. */
export function slotsOf(day: number, days: number): Slot[] {
  if (days === 1) return ["morning", "afternoon", "evening"];
  if (day === 1) return ["afternoon", "evening"];
  if (day === days) return ["morning", "afternoon"];
  return ["morning", "afternoon", "evening"];
}

export function mealsOf(day: number, days: number): ("lunch" | "dinner")[] {
  if (days === 1) return ["lunch", "dinner"];
  if (day === 1) return ["dinner"];
  if (day === days) return ["lunch"];
  return ["lunch", "dinner"];
}

export function allocate(input: AllocationInput): Allocation {
  const { facts, members, brief, feedback } = input;
  // Members' own limits (lib/planning/day-limits.ts): times of day, minutes between stops, a slower pace.
  const limits = dayLimitsOf(members);
  const cap = Math.min(PACE_LIMITS[brief.pace], limits.maxActivities ?? Number.POSITIVE_INFINITY);
  const dateOf = (day: number) => (brief.start ? addDays(brief.start, day - 1) : null);
  const previousItems = (input.previous?.days ?? []).flatMap((d) => d.items.map((item) => ({ ...item, day: d.day })));
  const outcomes: FeedbackOutcome[] = [];
  const notes: string[] = [];
  let openMeals = 0;

  // Flags: the flagged item leaves the plan. An open flag that is only a preference ("not my
  // thing", "too expensive") on an item the organizer locked is declined instead (the lock says
  // why, to everyone); an access or diet flag outweighs the lock.
  const removed = new Set<string>();
  const declinedFlags = new Set<string>();
  for (const f of feedback.filter((x) => x.kind === "flag")) {
    const item = previousItems.find((i) => i.key === f.itemKey);
    if (item?.locked && !(f.reason && isHardFlag({ reason: f.reason }))) {
      declinedFlags.add(f.id);
      outcomes.push({
        feedbackId: f.id,
        status: "declined",
        reason: `Kept: the organizer locked "${item.title}" in place.`,
        alternatives: [],
      });
    } else if (item) removed.add(item.key);
  }
  // Every flag still in force keeps its item out, wherever it was (the organizer may have put it back by hand).
  const inForce = (input.flags ?? []).filter((f) => !declinedFlags.has(f.id));
  for (const f of inForce) removed.add(f.itemKey);
  const flaggedKinds = inForce.flatMap(flagKinds);
  const flaggedKind = (a: Pick<CatalogActivity, "keywords"> & { title?: string; name?: string }) =>
    flaggedKinds.some((rule) => termMatches(rule, a));

  // What a member's notes speak against ("I hate museums") stays out like a flagged kind, replacements included.
  const disliked = (a: Pick<CatalogActivity, "keywords"> & { title?: string; name?: string }) =>
    dislikedBy(members, a).length > 0;
  const suits = (a: CatalogActivity) => itemBreaches(a, members).length === 0 && !flaggedKind(a) && !disliked(a);
  // What the organizer took out by hand doesn't come back as filler (a suggestion can still ask for it).
  const handRemoved = new Set(input.previous?.removedByHand ?? []);
  const eligible = facts.activities.filter((a) => suits(a) && !removed.has(`a:${a.id}`) && !handRemoved.has(a.id));
  const score = (a: CatalogActivity) =>
    a.vibes.filter((v) => input.taste.liked.includes(v)).length * 2 -
    (input.taste.disliked.includes(a.vibes[0] as Vibe) ? 3 : 0) -
    a.vibes.filter((v) => input.taste.disliked.includes(v)).length;

  // What any one member's own hard cap leaves for paid activities after their travel and cheapest stay.
  let activityBudget = Number.POSITIVE_INFINITY;
  for (const m of members) {
    const hardCap = hardCapOf(m);
    if (hardCap === null) continue;
    // An unknown fare is left out, as in the member's ledger (lib/money/ledger.ts).
    const travel = travelBetween(m.origin.place ?? UNKNOWN_HOME, facts).usd ?? 0;
    activityBudget = Math.min(activityBudget, hardCap - travel - facts.dailyCostUsd.budget * brief.nights);
  }
  let spent = 0;

  // Suggestions: matched to an activity, placed if it suits everyone and fits, else declined with alternatives.
  const wanted: { id: string; feedbackId: string }[] = [];
  for (const f of feedback.filter((x) => x.kind === "suggestion")) {
    const activity = f.suggestedActivityId
      ? facts.activities.find((a) => a.id === f.suggestedActivityId)
      : matchSuggestion(f.text, facts.activities);
    if (!activity) {
      outcomes.push({
        feedbackId: f.id,
        status: "declined",
        reason: `We couldn't match that to anything we know in ${facts.name}.`,
        alternatives: alternativesTo(null, f.text, eligible, score),
      });
      continue;
    }
    if (removed.has(`a:${activity.id}`) || flaggedKind(activity)) {
      outcomes.push({
        feedbackId: f.id,
        status: "declined",
        reason: `${activity.title} can't go in: a member flagged it (or its kind), and their flag stays until they lift it.`,
        alternatives: alternativesTo(activity, f.text, eligible, score),
      });
      continue;
    }
    const against = dislikedBy(members, activity);
    if (against.length) {
      outcomes.push({
        feedbackId: f.id,
        status: "declined",
        reason: `${activity.title} can't go in: a member asked to ${against[0]?.label}.`,
        alternatives: alternativesTo(activity, f.text, eligible, score),
      });
      continue;
    }
    const breaches = itemBreaches(activity, members);
    if (breaches.length) {
      outcomes.push({
        feedbackId: f.id,
        status: "declined",
        reason: `${activity.title} can't go in: ${describeBreaches(breaches)}.`,
        alternatives: alternativesTo(activity, f.text, eligible, score),
      });
      continue;
    }
    if (!wanted.some((w) => w.id === activity.id)) wanted.push({ id: activity.id, feedbackId: f.id });
    else
      outcomes.push({
        feedbackId: f.id,
        status: "applied",
        reason: `${activity.title} is in the plan.`,
        alternatives: [],
      });
  }

  // Locked items wait for their own day: an earlier day must not take one as filler.
  const reserved = new Set(previousItems.filter((i) => i.locked && !removed.has(i.key)).map((i) => i.activityId));
  const used = new Set<string>();
  const days: Allocation["days"] = [];
  const placedDay = new Map<string, number>();
  for (let day = 1; day <= brief.days; day++) {
    const date = dateOf(day);
    const slots = slotsOf(day, brief.days);
    const occupied: Occupied[] = [];
    const placed: { activityId: string; slot: Slot; start: string; locked: boolean }[] = [];
    // The organizer's own items, kept as they were.
    const custom: ItineraryItem[] = [];
    const count = () => placed.length + custom.length;
    // One activity a slot (two at a packed pace), so the day has room to breathe between them.
    const perSlot = brief.pace === "packed" ? 2 : 1;
    const inSlot = (slot: Slot) => [...placed, ...custom].filter((p) => p.slot === slot).length;
    // Close enough to every stop already placed today for every member's "minutes away".
    const near = (point: CatalogActivity["coordinates"]) =>
      placed.every((p) => {
        const other = facts.activities.find((x) => x.id === p.activityId);
        return !other || closeEnough(other.coordinates, point, limits);
      });
    const fits = (a: CatalogActivity, slot: Slot) =>
      inSlot(slot) < perSlot && near(a.coordinates) ? placement(a, slot, slots, occupied, date, limits) : null;
    const place = (a: CatalogActivity, slot: Slot, locked: boolean) => {
      const at = fits(a, slot);
      if (!at) return false;
      occupied.push(...at.occupies);
      placed.push({ activityId: a.id, slot, start: at.start, locked });
      used.add(a.id);
      placedDay.set(a.id, day);
      spent += a.costUsd;
      return true;
    };
    // 1. Locked items and the organizer's own (kept like locked ones: same slot, same start, same
    //    words, reserving their time), then (on a regeneration) the previous plan's items, where they were.
    for (const keep of [true, false]) {
      for (const item of previousItems.filter((i) => i.day === day && (i.locked || i.kind === "custom") === keep)) {
        if (removed.has(item.key)) continue;
        if (item.kind === "custom") {
          const { day: _day, ...own } = item;
          if (count() < cap && keepsItsTime(item, slots, occupied, limits)) {
            occupied.push({ slot: item.slot, start: item.startTime, durationHours: item.durationHours });
            custom.push(own);
          } else
            notes.push(`Day ${day}: your own "${item.title}" no longer fits that ${item.slot}, so it was left out.`);
          continue;
        }
        const activity = facts.activities.find((a) => a.id === item.activityId);
        if (!activity || used.has(activity.id) || count() >= cap || flaggedKind(activity)) continue;
        if (!keep && (!suits(activity) || spent + activity.costUsd > activityBudget)) continue;
        if (!place(activity, item.slot, keep) && keep)
          notes.push(
            `Day ${day}: the locked "${activity.title}" no longer fits that ${item.slot} (members' times of day, minutes between stops or its opening hours), so it was left out.`,
          );
      }
    }
    // 2. What members asked for, in the first day it fits.
    for (const w of wanted) {
      if (used.has(w.id) || reserved.has(w.id) || count() >= cap) continue;
      const activity = facts.activities.find((a) => a.id === w.id);
      if (!activity || spent + activity.costUsd > activityBudget) continue;
      const slot = slots.find((s) => suitsSlot(activity, s) && fits(activity, s));
      if (slot) place(activity, slot, false);
    }
    // 3. Fill around the day's area: the area with most good unused activities, then the nearest ones.
    const focus = focusArea(facts, eligible, used, score, slots, date, placed);
    for (const slot of slots) {
      const options = eligible
        .filter((a) => !used.has(a.id) && !reserved.has(a.id) && suitsSlot(a, slot))
        .sort(
          (a, b) =>
            areaDistance(facts, a.area, focus) - areaDistance(facts, b.area, focus) ||
            score(b) - score(a) ||
            a.costUsd - b.costUsd ||
            a.id.localeCompare(b.id),
        );
      for (const a of options) {
        if (count() >= cap) break;
        if (spent + a.costUsd > activityBudget) continue;
        place(a, slot, false);
      }
    }
    const meals: Allocation["days"][number]["meals"] = [];
    for (const meal of mealsOf(day, brief.days)) {
      // An evening food activity (a food tour, a dinner show) is dinner.
      if (meal === "dinner" && placed.some((p) => p.slot === "evening" && isFood(facts, p.activityId))) continue;
      // Near every stop of the day for whoever limits the minutes between stops.
      const stops = [
        ...placed.flatMap((p) => facts.activities.find((x) => x.id === p.activityId)?.coordinates ?? []),
        ...meals.flatMap((m) => facts.meals.find((x) => x.id === m.mealId)?.coordinates ?? []),
      ];
      const chosen = pickMeal(
        facts,
        members,
        meal,
        date,
        focus,
        [...days, { meals }],
        (m) => flaggedKind(m) || disliked(m) || !stops.every((at) => closeEnough(at, m.coordinates, limits)),
      );
      if (chosen) meals.push({ meal, mealId: chosen.id, time: MEAL_CLOCK[meal] });
      else openMeals++;
    }
    if (count() === 0) notes.push(`Day ${day} is left free: nothing else fits everyone's needs and the opening hours.`);
    days.push({
      day,
      date,
      area: focus,
      note:
        day === 1 && brief.days > 1
          ? "Arrival day: the plan starts after lunch."
          : day === brief.days && brief.days > 1
            ? "Departure day: the plan ends by late afternoon."
            : null,
      items: placed.sort((a, b) => minutes(a.start) - minutes(b.start)),
      ...(custom.length ? { custom } : {}),
      meals,
    });
  }

  // How each suggestion ended.
  for (const w of wanted) {
    if (outcomes.some((o) => o.feedbackId === w.feedbackId)) continue;
    const activity = facts.activities.find((a) => a.id === w.id);
    const day = placedDay.get(w.id);
    if (activity && day) {
      outcomes.push({
        feedbackId: w.feedbackId,
        status: "applied",
        reason: `Added: ${activity.title} on day ${day}.`,
        alternatives: [],
      });
    } else if (activity) {
      const tooDear = spent + activity.costUsd > activityBudget;
      outcomes.push({
        feedbackId: w.feedbackId,
        status: "declined",
        reason: tooDear
          ? `${activity.title} (${formatUsd(activity.costUsd)}) would take a member over their own hard budget cap.`
          : `${activity.title} doesn't fit: the days are full at this pace, or it isn't open when there's room.`,
        alternatives: alternativesTo(
          activity,
          "",
          eligible.filter((a) => !used.has(a.id)),
          score,
        ),
      });
    }
  }
  // How each flag ended.
  for (const f of feedback.filter((x) => x.kind === "flag")) {
    if (outcomes.some((o) => o.feedbackId === f.id)) continue;
    const item = previousItems.find((i) => i.key === f.itemKey);
    if (!item) {
      // Already out (taken out by hand since): it stays out while the flag is in force.
      outcomes.push({
        feedbackId: f.id,
        status: "applied",
        reason: "That item is no longer in the plan, and it stays out while this flag is in force.",
        alternatives: [],
      });
      continue;
    }
    const instead = days
      .find((d) => d.day === item?.day)
      ?.items.find((p) => p.slot === item?.slot && !previousItems.some((i) => i.activityId === p.activityId));
    const insteadTitle = facts.activities.find((a) => a.id === instead?.activityId)?.title;
    outcomes.push({
      feedbackId: f.id,
      status: "applied",
      reason: `Removed "${item?.title ?? "that item"}"${insteadTitle ? `; ${insteadTitle} takes its place` : ""}.`,
      alternatives: [],
    });
  }
  if (openMeals > 0) {
    const diets = [...new Set(members.flatMap((m) => m.dietary))];
    const unserved = diets.filter((d) => !facts.meals.some((meal) => meal.dietaryOptions.includes(d)));
    notes.push(
      unserved.length > 0
        ? `No restaurant we know in ${facts.name} confirms ${unserved.join(" or ")} options, so ${plural(openMeals, "meal")} ${openMeals === 1 ? "is" : "are"} left for the group to choose: ask about allergens and ingredients when you book.`
        : `${plural(openMeals, "meal")} ${openMeals === 1 ? "is" : "are"} left for the group to choose: no restaurant we know nearby suits everyone's needs and is open then.`,
    );
  }
  if (Number.isFinite(activityBudget)) {
    notes.push(
      `Paid activities are kept within ${formatUsd(Math.max(0, activityBudget))} a person so that every hard budget cap holds.`,
    );
  }
  return { days, outcomes, notes, activityBudget: Number.isFinite(activityBudget) ? activityBudget : null };
}

/**
 * Where a hand edit can put an activity (or a custom item, `hours: null`) on a planned
 * day: its start in `slot` after what the day already holds there, by the same rules the
 * allocation places by (the day's slots, the venue's hours, a day trip taking the
 * afternoon too), or null when it doesn't fit.
 */
export function startInDay(
  a: Pick<CatalogActivity, "durationHours" | "hours">,
  slot: Slot,
  day: { day: number; date: string | null; items: Pick<ItineraryItem, "slot" | "startTime" | "durationHours">[] },
  days: number,
  limits: DayLimits = NO_LIMITS,
): string | null {
  const slots = slotsOf(day.day, days);
  if (!slots.includes(slot)) return null;
  const occupied: Occupied[] = day.items.flatMap((i) => {
    const own = { slot: i.slot, start: i.startTime, durationHours: i.durationHours };
    return i.slot === "morning" && i.durationHours > SLOT_CAPACITY.morning
      ? [own, { slot: "afternoon" as const, start: SLOT_TIMES.afternoon.start, durationHours: SLOT_CAPACITY.afternoon }]
      : [own];
  });
  return placement(a, slot, slots, occupied, day.date, limits)?.start ?? null;
}

/** The organizer's own item can stay at its start: the day still has its slot, it ends in it, and nothing kept overlaps it. */
function keepsItsTime(item: ItineraryItem, slots: Slot[], occupied: Occupied[], limits: DayLimits): boolean {
  if (!slots.includes(item.slot)) return false;
  const from = minutes(item.startTime);
  const until = from + item.durationHours * 60;
  if (!keepsTimeLimits(from, item.durationHours, limits)) return false;
  if (from < minutes(SLOT_TIMES[item.slot].start) || until > minutes(SLOT_TIMES[item.slot].end)) return false;
  return !occupied.some((o) => from < minutes(o.start) + o.durationHours * 60 && minutes(o.start) < until);
}

const NO_LIMITS: DayLimits = { earliest: null, latest: null, maxTravel: null, maxActivities: null, maxWalk: null };

/** Where an activity can go in a slot today: its start time and the slots it takes, or null. */
function placement(
  a: Pick<CatalogActivity, "durationHours" | "hours">,
  slot: Slot,
  slots: Slot[],
  occupied: Occupied[],
  date: string | null,
  limits: DayLimits = NO_LIMITS,
) {
  const longDay = a.durationHours > SLOT_CAPACITY[slot];
  if (longDay && (slot !== "morning" || a.durationHours > FULL_DAY_HOURS || !slots.includes("afternoon"))) return null;
  const takes: Slot[] = longDay ? ["morning", "afternoon"] : [slot];
  if (longDay && occupied.some((o) => takes.includes(o.slot))) return null;
  // After whatever is already in the slot ends, and not before the venue opens.
  const busyUntil = Math.max(
    minutes(SLOT_TIMES[slot].start),
    ...occupied.filter((o) => o.slot === slot).map((o) => minutes(o.start) + o.durationHours * 60),
  );
  // Not before any member's "nothing before", ending by everyone's "back by".
  const from = Math.max(busyUntil, a.hours ? minutes(a.hours.open) : 0, limits.earliest ?? 0);
  const until = Math.min(
    minutes(longDay ? SLOT_TIMES.afternoon.end : SLOT_TIMES[slot].end),
    limits.latest ?? Number.POSITIVE_INFINITY,
  );
  if (from + a.durationHours * 60 > until) return null;
  const start = clock(from);
  if (!openFor(a.hours, date, start, a.durationHours)) return null;
  // A day trip fills the whole afternoon too.
  return {
    start,
    occupies: takes.map((s) =>
      s === slot
        ? { slot: s, start, durationHours: a.durationHours }
        : { slot: s, start: SLOT_TIMES[s].start, durationHours: SLOT_CAPACITY[s] },
    ),
  };
}

function suitsSlot(a: CatalogActivity, slot: Slot): boolean {
  return a.bestTime === slot || a.bestTime === "any";
}

function isFood(facts: DestinationFacts, activityId: string): boolean {
  return facts.activities.find((a) => a.id === activityId)?.involvesFood ?? false;
}

/** The area with the most (and best) unused activities placeable today; a day's locked or kept items set it. */
function focusArea(
  facts: DestinationFacts,
  eligible: CatalogActivity[],
  used: Set<string>,
  score: (a: CatalogActivity) => number,
  slots: Slot[],
  date: string | null,
  placed: { activityId: string }[],
): string {
  const first = facts.activities.find((a) => a.id === placed[0]?.activityId);
  if (first) return first.area;
  const byArea = new Map<string, number>();
  for (const a of eligible) {
    if (
      used.has(a.id) ||
      !slots.some((s) => suitsSlot(a, s) && openFor(a.hours, date, SLOT_TIMES[s].start, Math.min(a.durationHours, 3)))
    )
      continue;
    byArea.set(a.area, (byArea.get(a.area) ?? 0) + 1 + Math.max(0, score(a)) / 4);
  }
  const best = [...byArea].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return best?.[0] ?? facts.areas[0]?.name ?? "";
}

function areaDistance(facts: DestinationFacts, from: string, to: string): number {
  if (from === to) return 0;
  const a = facts.areas.find((x) => x.name === from)?.coordinates;
  const b = facts.areas.find((x) => x.name === to)?.coordinates;
  return a && b ? greatCircleKm(a, b) : 50;
}

/** A meal place near the day's area, open at meal time, fine for every member, not yet used (repeats only when none are left). */
function pickMeal(
  facts: DestinationFacts,
  members: MemberConstraints[],
  meal: "lunch" | "dinner",
  date: string | null,
  area: string,
  planned: { meals: { mealId: string }[] }[],
  flagged: (m: CatalogMeal) => boolean,
): CatalogMeal | undefined {
  const usedCount = (id: string) => planned.flatMap((d) => d.meals).filter((m) => m.mealId === id).length;
  const options = facts.meals
    .filter(
      (m) =>
        m.meals.includes(meal) &&
        openFor(m.hours, date, MEAL_CLOCK[meal], 1) &&
        itemBreaches(m, atTable(members)).length === 0 &&
        !flagged(m),
    )
    .sort(
      (a, b) =>
        usedCount(a.id) - usedCount(b.id) ||
        greatCircleKm(a.coordinates, areaPoint(facts, area)) - greatCircleKm(b.coordinates, areaPoint(facts, area)) ||
        a.id.localeCompare(b.id),
    );
  return options[0];
}

/** At a table only step access matters: seated meals suit limited walking, and nothing depends on sight or hearing. */
function atTable(members: MemberConstraints[]): MemberConstraints[] {
  return members.map((m) => ({
    ...m,
    accessibility: m.accessibility.filter((x) => x === "wheelchair" || x === "step-free"),
  }));
}

function areaPoint(facts: DestinationFacts, area: string) {
  return facts.areas.find((a) => a.name === area)?.coordinates ?? facts.coordinates;
}

/** A suggestion in words → the activity whose title shares the most of its words (at least one meaningful one). */
export function matchSuggestion(text: string, activities: CatalogActivity[]): CatalogActivity | undefined {
  const asked = new Set(wordsOf(text).filter((w) => w.length > 2 && !STOP.has(w)));
  if (asked.size === 0) return undefined;
  const scored = activities
    .map((a) => {
      const words = new Set([...wordsOf(a.title), ...a.keywords.flatMap(wordsOf)]);
      return { a, hits: [...asked].filter((w) => words.has(w)).length };
    })
    .filter((x) => x.hits > 0)
    .sort((x, y) => y.hits - x.hits || x.a.id.localeCompare(y.a.id));
  return scored[0]?.a;
}

const STOP = new Set([
  "the",
  "and",
  "for",
  "with",
  "some",
  "visit",
  "see",
  "go",
  "trip",
  "day",
  "maybe",
  "please",
  "can",
  "could",
  "add",
  "would",
  "love",
  "like",
  "want",
  "also",
]);

/** Up to three activities that suit everyone and are closest in kind to what was asked. */
function alternativesTo(
  asked: CatalogActivity | null,
  text: string,
  eligible: CatalogActivity[],
  score: (a: CatalogActivity) => number,
): FeedbackOutcome["alternatives"] {
  const words = new Set(wordsOf(text));
  const kin = (a: CatalogActivity) =>
    (asked ? a.vibes.filter((v) => asked.vibes.includes(v)).length * 2 + (a.area === asked.area ? 1 : 0) : 0) +
    wordsOf(a.title).filter((w) => words.has(w)).length;
  return [...eligible]
    .filter((a) => a.id !== asked?.id)
    .sort((a, b) => kin(b) - kin(a) || score(b) - score(a) || a.id.localeCompare(b.id))
    .slice(0, 3)
    .map((a) => ({ activityId: a.id, title: a.title }));
}

/** Why an item can't go in, without saying whose need it is (the author sees this; needs are private). */
function describeBreaches(breaches: Breach[]): string {
  const reasons = [...new Set(breaches.map((b) => b.detail))];
  return `${reasons.join("; ")} (a need or hard no someone in the group has)`;
}
