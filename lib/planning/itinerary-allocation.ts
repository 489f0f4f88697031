import { flagKinds, isHardFlag } from "@/lib/constraints/flags";
import { atTable, type Breach, itemBreaches, termMatches } from "@/lib/constraints/judge";
import { hardCapOf, type MemberConstraints, rulesOf } from "@/lib/constraints/member";
import { wordsOf } from "@/lib/constraints/text";
import { addDays } from "@/lib/dates";
import type { DestinationFacts } from "@/lib/facts";
import { travelBetween } from "@/lib/facts/travel";
import { formatUsd, plural } from "@/lib/format";
import { wholeUsdWithin } from "@/lib/money/budget";
import { foodAllowance, isFineDining } from "@/lib/money/food";
import { greatCircleKm } from "@/lib/places/geo";
import { clock, minutes, openFor } from "@/lib/planning/clock";
import {
  closeEnough,
  type DayLimits,
  dayBoundsOf,
  dayLimitsOf,
  dislikedBy,
  keepsTimeLimits,
} from "@/lib/planning/day-limits";
import {
  type DayActivity,
  type DayContent,
  type DayMeal,
  freeSlotsOf,
  fullPart,
  partsTaken,
  perPart,
  SLOT_MINUTES,
  timeDay,
} from "@/lib/planning/day-times";
import type { CatalogActivity, CatalogMeal } from "@/lib/schemas/catalog";
import {
  type FeedbackOutcome,
  type ItineraryItem,
  MEAL_CLOCK,
  MEAL_LATEST,
  MEAL_MINUTES,
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
 * - lunch and dinner near the day's area, open at meal time, fine for every diet, within the
 *   day's food allowance (lib/money/food.ts) unless a member asked for that splurge, at a time
 *   between the day's activities (never overlapping one), and the travel time of every leg
 *   left free between one stop and the next (lib/planning/day-times.ts);
 * - what suits everyone is spread over the days, so no day is empty while another is full; a
 *   part of the day with nothing in it is labelled free, a day with nothing at all a rest day;
 * - every feedback item ends applied or declined, with a reason and, when it can't be met,
 *   alternatives that can;
 * - a flag stays in force: its item (and a kind its words name) never comes back, whatever
 *   plans again — a regeneration, a repair, a re-plan — until its author lets go of it.
 */

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
  /** Restaurants members named, and whether someone asked for fine dining (`splurgesAsked`). */
  splurges?: { mealIds: string[]; fineDining: boolean };
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
  const first = allocateWith(input, new Set());
  // A member's suggestion outranks the planner's own picks: one the kept days left no room for
  // goes in ahead of the previous plan's unlocked items, which move or give way instead.
  const crowdedOut = new Set(
    first.outcomes.flatMap((o) => (o.status === "declined" && o.crowdedOut ? [o.crowdedOut] : [])),
  );
  const outcomes = (a: ReturnType<typeof allocateWith>) => a.outcomes.map(({ crowdedOut: _, ...o }) => o);
  if (crowdedOut.size === 0) return { ...first, outcomes: outcomes(first) };
  const second = allocateWith(input, crowdedOut);
  return { ...second, outcomes: outcomes(second) };
}

/** `ahead`: suggested activities placed before the previous plan's own (unlocked) items. */
function allocateWith(
  input: AllocationInput,
  ahead: Set<string>,
): Omit<Allocation, "outcomes"> & { outcomes: (FeedbackOutcome & { crowdedOut?: string })[] } {
  const { facts, members, brief, feedback } = input;
  // Members' own limits (lib/planning/day-limits.ts): times of day, minutes between stops, a slower pace.
  const limits = dayLimitsOf(members);
  // "Nothing before 10am" / "back by 22:00" as the day-wide window the day's scheduler keeps stops in.
  const bounds = dayBoundsOf(limits);
  const cap = Math.min(PACE_LIMITS[brief.pace], limits.maxActivities ?? Number.POSITIVE_INFINITY);
  const dateOf = (day: number) => (brief.start ? addDays(brief.start, day - 1) : null);
  const previousItems = (input.previous?.days ?? []).flatMap((d) => d.items.map((item) => ({ ...item, day: d.day })));
  const outcomes: (FeedbackOutcome & { crowdedOut?: string })[] = [];
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
  // "No nightlife" (a hard no, or notes speaking against it) rules out a night out the facts call
  // nightlife in the evening, whatever its keywords say (a late bout at a stadium).
  const nightlifeOut = members.some((m) =>
    [...rulesOf(m), ...m.dislikes.map((d) => d.rule)].some(
      (r) => r.kind === "term" && (r.term === "nightlife" || r.term === "late nights"),
    ),
  );
  const lateNightOut = (a: CatalogActivity) =>
    nightlifeOut && a.bestTime === "evening" && a.vibes.includes("nightlife");
  const suits = (a: CatalogActivity) =>
    itemBreaches(a, members).length === 0 && !flaggedKind(a) && !disliked(a) && !lateNightOut(a);
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
    // Travel from a home that isn't confirmed is not priced (the ledger leaves it out too).
    const travel = m.origin.place ? (travelBetween(m.origin.place, facts).usd ?? 0) : 0;
    // The cap in dollars, rounded down: what fits it in the member's own currency.
    activityBudget = Math.min(
      activityBudget,
      wholeUsdWithin(hardCap) - travel - facts.dailyCostUsd.budget * brief.nights,
    );
  }
  let spent = 0;
  // Meals are chosen within the smallest food allowance in the group: the lowest stay anyone
  // asked for (the cheapest when someone has a hard cap, which may move them down to it).
  const tiers = ["budget", "midrange", "premium"] as const;
  const lowestTier = members.some((m) => hardCapOf(m) !== null)
    ? "budget"
    : (tiers.find((t) => members.some((m) => (m.accommodation ?? input.groupTier) === t)) ?? input.groupTier);
  const allowance = foodAllowance(facts.dailyCostUsd[lowestTier]);
  const splurges = input.splurges ?? { mealIds: [], fineDining: false };
  let fineDiningPlaced = false;

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

  // Locked items wait for their own day: an earlier day must not take one as filler. On a
  // regeneration so does the rest of the previous plan, so feedback on one day leaves the others
  // as they were (an item that no longer fits its own day is freed for a later one).
  const reserved = new Set(
    previousItems.filter((i) => i.activityId && !removed.has(i.key)).map((i) => i.activityId as string),
  );
  // The shape of each previous day: how many things it held (a regeneration keeps it while eligible activities remain).
  const previousCount = new Map<number, number>();
  for (const i of previousItems) previousCount.set(i.day, (previousCount.get(i.day) ?? 0) + 1);
  const used = new Set<string>();
  const days: Allocation["days"] = [];
  const placedDay = new Map<string, number>();
  for (let day = 1; day <= brief.days; day++) {
    const date = dateOf(day);
    const slots = slotsOf(day, brief.days);
    const placed: { activityId: string; slot: Slot; start: string; locked: boolean }[] = [];
    // The organizer's own items, kept as they were.
    const custom: ItineraryItem[] = [];
    // The organizer's own lunch or dinner is a meal, not an activity: it doesn't count against the pace.
    const count = () => placed.length + custom.filter((c) => !c.meal).length;
    // Spread what suits everyone over the days left, so a long trip has no empty day while an
    // earlier one is full (what members asked for and locked items don't count against it).
    const daysLeft = brief.days - day + 1;
    const unused = eligible.filter((a) => !used.has(a.id) && !reserved.has(a.id)).length;
    // The days left can take, at the group's pace, as many as their parts hold less what they keep
    // from the previous plan: while what is unused covers that, every day is filled to the pace.
    // Otherwise each day takes its even share of what the days left will hold (what they keep and
    // what is unused), and at least what it held before: a regeneration keeps the day's shape, and
    // an eligible activity isn't held back for a later day that keeps its own.
    let room = 0;
    let kept = 0;
    for (let d = day; d <= brief.days; d++) {
      const keeps = previousItems.filter((i) => i.day === d && i.activityId && reserved.has(i.activityId)).length;
      kept += keeps;
      room += Math.max(0, Math.min(cap, slotsOf(d, brief.days).length * perPart(brief.pace)) - keeps);
    }
    const share = Math.ceil((unused + kept) / daysLeft);
    const dayCap = unused >= room ? cap : Math.min(cap, Math.max(1, share, previousCount.get(day) ?? 0));
    // One activity starting in a part of the day (two at a packed pace); whether a day trip from
    // the morning leaves room in the afternoon is the clock's to say, as for a hand edit
    // (lib/planning/day-times.ts `fullPart`).
    const takes = (p: { slot: Slot; durationHours: number }): Slot[] => partsTaken(p.slot, p.durationHours);
    const roomFor = (p: { slot: Slot }) => fullPart(holding(), p, brief.pace) === null;
    const holding = () => [
      ...placed.map((p) => ({ slot: p.slot, durationHours: activityOf(facts, p.activityId)?.durationHours ?? 0 })),
      ...custom,
    ];
    const content = (extra: DayActivity[], extraCustom: ItineraryItem[], meals: DayMeal[]): DayContent => ({
      date,
      activities: [
        ...placed.flatMap((p) => {
          const a = activityOf(facts, p.activityId);
          return a ? [{ key: p.activityId, slot: p.slot, activity: a }] : [];
        }),
        ...extra,
      ],
      custom: [...custom, ...extraCustom],
      meals,
    });
    // Lunch and dinner are held (venue still open) while activities are placed, so one always fits between them.
    let held: DayMeal[] = mealsOf(day, brief.days).map((meal) => ({ meal, venue: null }));
    const near = (point: CatalogActivity["coordinates"]) =>
      placed.every((p) => {
        const other = activityOf(facts, p.activityId);
        return !other || closeEnough(other.coordinates, point, limits);
      });
    const fits = (a: CatalogActivity, slot: Slot) => {
      if (!slots.includes(slot)) return false;
      const wants = takes({ slot, durationHours: a.durationHours });
      if (wants.length > 1 && (a.durationHours > FULL_DAY_HOURS || !slots.includes("afternoon"))) return false;
      if (a.durationHours * 60 > SLOT_MINUTES[slot] && wants.length === 1) return false;
      if (!roomFor({ slot })) return false;
      // Close enough to every stop already placed today for every member's "minutes away".
      if (!near(a.coordinates)) return false;
      // Lunch and dinner not chosen yet: held near the stop before them, or near the one after
      // (the venue is then chosen from the places near the day's stops, step 4).
      const day = content([{ key: a.id, slot, activity: a }], [], held);
      return timeDay(day, facts, bounds) !== null || timeDay(day, facts, bounds, "after") !== null;
    };
    const place = (a: CatalogActivity, slot: Slot, locked: boolean) => {
      if (!fits(a, slot)) return false;
      placed.push({ activityId: a.id, slot, start: SLOT_TIMES[slot].start, locked });
      used.add(a.id);
      placedDay.set(a.id, day);
      spent += a.costUsd;
      return true;
    };
    /** What members asked for (only those in `only`, when given) that fits today. */
    function placeWanted(only: Set<string> | null) {
      for (const w of wanted) {
        if ((only && !only.has(w.id)) || used.has(w.id) || reserved.has(w.id) || count() >= cap) continue;
        const activity = facts.activities.find((a) => a.id === w.id);
        if (!activity || spent + activity.costUsd > activityBudget) continue;
        const slot = slots.find((s) => suitsSlot(activity, s) && fits(activity, s));
        if (slot) place(activity, slot, false);
      }
    }
    // 1. Locked items and the organizer's own (kept like locked ones: same slot, same start, same
    //    words, reserving their time), then (on a regeneration) the previous plan's items, where they were.
    for (const keep of [true, false]) {
      // A suggestion the previous plan's own picks left no room for goes in before them.
      if (!keep) placeWanted(ahead);
      for (const item of previousItems.filter((i) => i.day === day && (i.locked || i.kind === "custom") === keep)) {
        if (removed.has(item.key)) continue;
        if (item.kind === "custom") {
          const { day: _day, ...own } = item;
          if (
            (item.meal || (count() < cap && roomFor(item))) &&
            keepsItsTime(item, slots, limits) &&
            timeDay(
              content(
                [],
                [own],
                held.filter((h) => h.meal !== item.meal),
              ),
              facts,
              bounds,
            )
          ) {
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
    // A meal the organizer's own item is (their "Dinner at Aunt Rosa's") isn't planned again.
    held = held.filter((h) => !custom.some((c) => c.meal === h.meal));
    // What was this day's in the previous plan and didn't stay in it may go to a later day.
    for (const item of previousItems) if (item.day === day && item.activityId) reserved.delete(item.activityId);
    // 2. What members asked for, in the first day it fits.
    placeWanted(null);
    // 3. Fill around the day's area: the area with most good unused activities, then the nearest
    //    ones — first the part of the day a flagged item left, with the best eligible alternative.
    const focus = focusArea(facts, eligible, used, score, slots, date, placed);
    const optionsFor = (slot: Slot) =>
      eligible
        .filter((a) => !used.has(a.id) && !reserved.has(a.id) && suitsSlot(a, slot))
        .sort(
          (a, b) =>
            areaDistance(facts, a.area, focus) - areaDistance(facts, b.area, focus) ||
            score(b) - score(a) ||
            a.costUsd - b.costUsd ||
            a.id.localeCompare(b.id),
        );
    for (const gone of previousItems.filter((i) => i.day === day && removed.has(i.key) && !i.locked)) {
      if (count() >= dayCap) break;
      for (const a of optionsFor(gone.slot)) {
        if (spent + a.costUsd > activityBudget) continue;
        if (place(a, gone.slot, false)) break;
      }
    }
    for (const slot of slots) {
      const options = optionsFor(slot);
      for (const a of options) {
        if (count() >= dayCap) break;
        if (spent + a.costUsd > activityBudget) continue;
        place(a, slot, false);
      }
    }
    // 4. Lunch and dinner near the day's area, within what today's food allowance leaves (a splurge
    // someone asked for first), at a time that fits between the day's stops.
    const stopsToday = (meals: DayMeal[]) => [
      ...placed.flatMap((p) => activityOf(facts, p.activityId)?.coordinates ?? []),
      ...meals.flatMap((m) => (m.venue ? (facts.meals.find((x) => x.id === m.venue?.id)?.coordinates ?? []) : [])),
    ];
    const chosen: DayMeal[] = [];
    let times = timeDay(content([], [], held), facts, bounds);
    let eaten = 0;
    const todays = mealsOf(day, brief.days).filter(
      // An evening food activity (a food tour, a dinner show) is dinner.
      (meal) =>
        !(meal === "dinner" && placed.some((p) => p.slot === "evening" && isFood(facts, p.activityId))) &&
        !custom.some((c) => c.meal === meal),
    );
    for (const [index, meal] of todays.entries()) {
      const later = held.filter((h) => todays.slice(index + 1).includes(h.meal));
      // What today's allowance leaves for this meal, keeping enough for the cheapest of each meal still to come.
      const keep = todays.slice(index + 1).reduce((sum, m) => sum + cheapestMeal(facts, m), 0);
      const options = byFoodBudget(
        mealOptions(
          facts,
          members,
          meal,
          date,
          focus,
          [...days, { meals: chosenMeals(chosen) }],
          // Not of a kind someone's notes speak against, and near every stop of the day for
          // whoever limits the minutes between stops.
          (m) =>
            flaggedKind(m) || disliked(m) || !stopsToday(chosen).every((at) => closeEnough(at, m.coordinates, limits)),
        ),
        [...days, { meals: chosenMeals(chosen) }],
        {
          within: allowance - eaten - keep,
          // A restaurant someone named, once; fine dining someone asked for, once a trip.
          asked: (m) =>
            splurges.mealIds.includes(m.id) || (splurges.fineDining && !fineDiningPlaced && isFineDining(m)),
        },
      );
      let picked = false;
      for (const venue of options.slice(0, 12)) {
        const tried = timeDay(content([], [], [...chosen, { meal, venue }, ...later]), facts, bounds);
        if (!tried) continue;
        chosen.push({ meal, venue });
        eaten += venue.costUsd;
        if (isFineDining(venue)) fineDiningPlaced = true;
        times = tried;
        picked = true;
        break;
      }
      if (picked) continue;
      if (options.length > 0) {
        notes.push(
          `Day ${day}: no sit-down ${meal} fits between the day's activities and the travel, so it is left for the group to grab on the way.`,
        );
      } else openMeals++;
    }
    times = timeDay(content([], [], chosen), facts, bounds) ?? times;
    for (const p of placed) p.start = times?.starts.get(p.activityId) ?? p.start;
    const meals: Allocation["days"][number]["meals"] = chosen.flatMap((m) =>
      m.venue ? [{ meal: m.meal, mealId: m.venue.id, time: times?.meals.get(m.meal) ?? MEAL_CLOCK[m.meal] }] : [],
    );
    const free = freeSlotsOf(
      slots,
      holding().map((h) => ({ slot: h.slot, durationHours: h.durationHours })),
      meals,
    );
    // Why each free part is free: said only when it is true (nothing eligible left, the pace, a hard cap).
    const freeWhy = free.map((slot) => {
      const left = eligible.filter((a) => !used.has(a.id) && !reserved.has(a.id) && suitsSlot(a, slot));
      const when = `this ${slot}`;
      const reason =
        left.length === 0
          ? `Nothing else here suits everyone ${when}.`
          : left.every((a) => spent + a.costUsd > activityBudget)
            ? `What's left for ${when} would take a member over their own hard budget cap.`
            : count() >= cap
              ? "Left free: the day already holds as much as the group's pace allows."
              : `Nothing else that suits everyone is open ${when}, or fits around the day's other stops and travel.`;
      return { slot, reason };
    });
    const rest = count() === 0 && day !== 1 && day !== brief.days;
    if (count() === 0) notes.push(`Day ${day} is left free: nothing else fits everyone's needs and the opening hours.`);
    days.push({
      day,
      date,
      area: focus,
      note: rest
        ? "Rest day: nothing planned, time to rest or explore on your own."
        : day === 1 && brief.days > 1
          ? "Arrival day: the plan starts after lunch."
          : day === brief.days && brief.days > 1
            ? "Departure day: the plan ends by late afternoon."
            : null,
      items: placed.sort((a, b) => minutes(a.start) - minutes(b.start)),
      ...(custom.length ? { custom } : {}),
      meals,
      free,
      ...(freeWhy.length ? { freeWhy } : {}),
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
        ...(tooDear || ahead.has(activity.id) ? {} : { crowdedOut: activity.id }),
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
 * The organizer's own item can stay at its start: the day still has its slot, it starts and ends
 * in it, and within every member's times of day.
 */
function keepsItsTime(item: ItineraryItem, slots: Slot[], limits: DayLimits): boolean {
  if (!slots.includes(item.slot)) return false;
  const from = minutes(item.startTime);
  const until = from + item.durationHours * 60;
  if (!keepsTimeLimits(from, item.durationHours, limits)) return false;
  // Their own meal keeps the meal's hours it took ("Dinner at Aunt Rosa's" at 18:30).
  if (item.meal && from >= minutes(MEAL_CLOCK[item.meal]) && from <= minutes(MEAL_LATEST[item.meal])) return true;
  return from >= minutes(SLOT_TIMES[item.slot].start) && until <= minutes(SLOT_TIMES[item.slot].end);
}

function activityOf(facts: DestinationFacts, id: string): CatalogActivity | undefined {
  return facts.activities.find((a) => a.id === id);
}

function chosenMeals(chosen: DayMeal[]): { mealId: string }[] {
  return chosen.flatMap((m) => (m.venue ? [{ mealId: m.venue.id }] : []));
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

/** The cheapest place the destination has for a meal time (what a later meal of the day needs kept for it). */
function cheapestMeal(facts: DestinationFacts, meal: "lunch" | "dinner"): number {
  const costs = facts.meals.filter((m) => m.meals.includes(meal)).map((m) => m.costUsd);
  return costs.length ? Math.min(...costs) : 0;
}

/**
 * Meal places in the order the day's food allowance wants them tried: a splurge a member asked
 * for (not had yet) first, then those within what the allowance leaves (in their own order),
 * then the rest cheapest first (a cost over the allowance is priced as an extra).
 */
function byFoodBudget(
  options: CatalogMeal[],
  planned: { meals: { mealId: string }[] }[],
  budget: { within: number; asked: (m: CatalogMeal) => boolean },
): CatalogMeal[] {
  const had = new Set(planned.flatMap((d) => d.meals).map((m) => m.mealId));
  const asked = options.filter((m) => budget.asked(m) && !had.has(m.id));
  const within = options.filter((m) => !asked.includes(m) && m.costUsd <= budget.within);
  const over = options
    .filter((m) => !asked.includes(m) && !within.includes(m))
    .sort((a, b) => a.costUsd - b.costUsd || a.id.localeCompare(b.id));
  return [...asked, ...within, ...over];
}

/**
 * Meal places for a day, best first: near the day's area, open at some time in the meal's
 * window, fine for every member, not yet used (repeats only when none are left).
 */
function mealOptions(
  facts: DestinationFacts,
  members: MemberConstraints[],
  meal: "lunch" | "dinner",
  date: string | null,
  area: string,
  planned: { meals: { mealId: string }[] }[],
  flagged: (m: CatalogMeal) => boolean,
): CatalogMeal[] {
  const usedCount = (id: string) => planned.flatMap((d) => d.meals).filter((m) => m.mealId === id).length;
  const length = MEAL_MINUTES[meal] / 60;
  const openInWindow = (m: CatalogMeal) => {
    for (let t = minutes(MEAL_CLOCK[meal]); t <= minutes(MEAL_LATEST[meal]); t += 30)
      if (openFor(m.hours, date, clock(t), length)) return true;
    return false;
  };
  return facts.meals
    .filter(
      (m) => m.meals.includes(meal) && openInWindow(m) && itemBreaches(m, atTable(members)).length === 0 && !flagged(m),
    )
    .sort(
      (a, b) =>
        usedCount(a.id) - usedCount(b.id) ||
        greatCircleKm(a.coordinates, areaPoint(facts, area)) - greatCircleKm(b.coordinates, areaPoint(facts, area)) ||
        a.id.localeCompare(b.id),
    );
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
