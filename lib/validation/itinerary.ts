import "server-only";
import { screen } from "@/lib/agents/screening";
import { flagKinds, isHardFlag } from "@/lib/constraints/flags";
import { interpretHardNo } from "@/lib/constraints/hard-nos";
import { addDays } from "@/lib/dates";
import { climateIn, type DestinationFacts } from "@/lib/facts";
import { exceeds, formatBudget, overByUsd } from "@/lib/money/budget";
import { dayRoute } from "@/lib/planning/day-route";
import {
  type FeedbackOutcome,
  type FlagReason,
  type Itinerary,
  type ItineraryItem,
  itemEnd,
  MEAL_MINUTES,
  type Slot,
} from "@/lib/schemas/itinerary";
import type { RawMember } from "@/lib/schemas/pipeline";
import { checkFoodLines, checkSplurges, foodExtrasAt } from "@/lib/validation/itinerary-food";
import { checkLimits, dislikeBreaks } from "@/lib/validation/limits";
import { type MemberView, viewMember } from "@/lib/validation/member-view";
import {
  activityBreaks,
  budgetLabelBreak,
  costFor,
  destinationBreaks,
  flagBreaks,
  memberPhrases,
  monthsBetween,
  normalise,
  sameSet,
  type Tier,
  titleBreaks,
} from "@/lib/validation/rules";

/**
 * The compliance validator for itineraries (DESIGN.md "Money and constraints"). Like the
 * recommendation validator it recomputes from the raw destination facts (the run's
 * snapshot) and each member's raw answers, importing nothing from the planner:
 *   the dates and day count; every day's times, opening hours, pace and no double-booking;
 *   no two items or meals overlapping, every leg with its minutes and room for it, and every
 *   part of a day used or labelled free (checkDayTimes);
 *   every activity and meal real and as the facts say (title, area, price, source);
 *   every member's diet on every food item, access need on every item, hard no on every
 *   item and on the place itself; each member's own total, line by line, and hard cap;
 *   budget mode and who stretches; the weather note's figures; every feedback item
 *   answered, flags honoured, suggestions placed, alternatives that suit everyone; and no
 *   item under a flag in force (the flags as their rows say, never as the planner read them).
 */

/** `itemKey`: the activity or meal the problem is about (what a repair would take out). */
export type ItineraryViolation = { day: number | null; rule: string; message: string; itemKey?: string };

export type ItineraryEvidence = {
  members: RawMember[];
  facts: DestinationFacts;
  /** The trip's confirmed dates (null: not confirmed, the plan has no dates). */
  dates: { start: string; end: string } | null;
  /** The day it was planned on: nothing before it. */
  plannedOn: string;
  /** Feedback the run was asked to answer. */
  feedback: {
    id: string;
    kind: "flag" | "suggestion";
    itemKey: string | null;
    suggestedActivityId: string | null;
    /** A suggestion's words: naming a restaurant (or fine dining) asks for that splurge. */
    text?: string;
  }[];
  /**
   * The organizer's own items (kind "custom", added by hand) the plan may hold, each on its
   * day: a custom item passes only when it is one of these exactly (key, title, note, cost,
   * day, slot and start time). A hand edit or the current plan is judged with its own custom
   * items (organizerItemsOf); the pipeline's gate with the previous version's, so a
   * regeneration carries them over unchanged and a model can never invent one.
   */
  organizerItems: OrganizerItem[];
  /**
   * Every flag in force on the plan (open or applied, not withdrawn or lifted), read raw from
   * the feedback rows: no item under one may be in the plan (absent: none are judged).
   */
  flags?: { id?: string; itemKey: string; reason: FlagReason; text: string }[];
};

/** One of the organizer's own items, with the day it is on. */
export type OrganizerItem = ItineraryItem & { day: number };

/** A plan's own custom items, each with its day. */
export function organizerItemsOf(plan: { days: { day: number; items: ItineraryItem[] }[] } | null): OrganizerItem[] {
  return (plan?.days ?? []).flatMap((d) =>
    d.items.filter((i) => i.kind === "custom").map((i) => ({ ...i, day: d.day })),
  );
}

const PACE = { relaxed: 2, balanced: 3, packed: 4 } as const;
const WINDOWS: Record<Slot, [string, string]> = {
  morning: ["09:00", "12:30"],
  afternoon: ["13:30", "17:30"],
  evening: ["20:00", "23:30"],
};
const MEAL_WINDOWS = { breakfast: ["07:00", "10:30"], lunch: ["11:30", "14:30"], dinner: ["18:00", "21:30"] } as const;
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

export function validateItinerary(itinerary: Itinerary, evidence: ItineraryEvidence): ItineraryViolation[] {
  const out: ItineraryViolation[] = [];
  const v = (day: number | null, rule: string, message: string) => out.push({ day, rule, message });
  const { facts } = evidence;
  const members = evidence.members.flatMap((m) =>
    m.preferences ? [viewMember({ id: m.id, name: m.name, preferences: m.preferences })] : [],
  );
  const { dates } = itinerary;
  // A flag that is only a preference ("not my thing"), on an item the organizer locked, may be
  // declined by this version (the lock stays, and says why); an access or diet flag may not.
  const lockedKeys = new Set(itinerary.days.flatMap((d) => d.items.filter((i) => i.locked).map((i) => i.key)));
  const declined = new Set(itinerary.feedback.filter((o) => o.status === "declined").map((o) => o.feedbackId));
  const flags = (evidence.flags ?? [])
    .filter((f) => !(f.id && declined.has(f.id) && lockedKeys.has(f.itemKey) && !isHardFlag(f)))
    .map((f) => ({ itemKey: f.itemKey, kinds: flagKinds(f) }));

  // The dates the group confirmed, and exactly that many days.
  if (dates.days !== dates.nights + 1) v(null, "dates", `${dates.days} days must be ${dates.nights} nights + 1.`);
  if (evidence.dates) {
    if (dates.start !== evidence.dates.start || dates.end !== evidence.dates.end) {
      v(null, "dates", `The plan must run ${evidence.dates.start} to ${evidence.dates.end}, the confirmed dates.`);
    }
    if (evidence.dates.start <= evidence.plannedOn) v(null, "dates", `${evidence.dates.start} has already passed.`);
  }
  if (dates.start && dates.end !== addDays(dates.start, dates.nights))
    v(null, "dates", "The end date doesn't match the nights.");
  if (itinerary.days.length !== dates.days)
    v(null, "dates", `${itinerary.days.length} days planned for a ${dates.days}-day trip.`);
  if (itinerary.destination.slug !== facts.slug) v(null, "destination", "The plan is for another destination.");
  if (itinerary.destination.timezone !== facts.timezone)
    v(null, "destination", "The time zone isn't the destination's.");
  const months = dates.start && dates.end ? monthsBetween(dates.start, dates.end) : null;
  const pace = groupPace(members);
  if (itinerary.pace !== pace) v(null, "pace", `The group's pace is ${pace}, not ${itinerary.pace}.`);

  // The place itself, for every member (dates may have moved since it was chosen).
  const scopeSplit =
    members.some((m) => m.prefs.scope === "domestic") && members.some((m) => m.prefs.scope === "international");
  for (const m of members) {
    for (const why of destinationBreaks(facts, m, months, { scopeSplit, days: dates.days }))
      v(null, "hard-constraint", `${m.name}: ${why}.`);
  }

  // Every day.
  const seen = new Map<string, number>();
  itinerary.days.forEach((day, i) => {
    const n = day.day;
    if (n !== i + 1) v(n, "days", `Day ${i + 1} is numbered ${n}.`);
    const date = dates.start ? addDays(dates.start, i) : null;
    if (day.date !== date) v(n, "dates", `Day ${n} must be ${date ?? "undated"}, not ${day.date}.`);
    // The organizer's own lunch or dinner is a meal, not an activity.
    const activities = day.items.filter((i) => !(i.kind === "custom" && i.meal)).length;
    if (activities > PACE[pace])
      v(n, "pace", `Day ${n} has ${activities} activities; a ${pace} day has at most ${PACE[pace]}.`);
    out.push(...checkDayTimes(day, facts, dates.days));
    for (const item of day.items) {
      const where = `Day ${n}, "${item.title}"`;
      if (item.kind === "activity") {
        const earlier = seen.get(item.activityId ?? "");
        if (earlier)
          out.push({ day: n, rule: "repeat", message: `${where} is already on day ${earlier}.`, itemKey: item.key });
        seen.set(item.activityId ?? "", n);
        out.push(...checkActivity(item, facts, date, members, n, where));
      } else {
        out.push(...checkCustom(item, members, n, where, evidence.organizerItems));
      }
      // Judged by what the facts say the item is (a custom item by its own title).
      const known = facts.activities.find((a) => a.id === item.activityId);
      const flagged = flagBreaks(
        { key: item.key, title: known?.title ?? item.title, keywords: known?.keywords ?? [] },
        flags,
      );
      if (flagged.length)
        out.push({ day: n, rule: "flag", message: `${where}: ${flagged.join("; ")}.`, itemKey: item.key });
      const [from, to] = WINDOWS[item.slot];
      const end = mins(item.startTime) + item.durationHours * 60;
      const latest = item.slot === "morning" && item.durationHours > 3.5 ? mins(WINDOWS.afternoon[1]) : mins(to);
      // The organizer's own meal may instead start in its meal's hours (dinner from 18:00 to 21:30).
      const mealHours = item.kind === "custom" && item.meal ? MEAL_WINDOWS[item.meal] : null;
      const atMealTime =
        mealHours !== null && mins(item.startTime) >= mins(mealHours[0]) && mins(item.startTime) <= mins(mealHours[1]);
      if (!atMealTime && (mins(item.startTime) < mins(from) || end > latest))
        v(n, "time", `${where} doesn't fit its ${item.slot} (${from}–${to}).`);
    }
    for (const meal of day.meals) {
      const venue = facts.meals.find((m) => m.id === meal.mealId);
      const where = `Day ${n}, ${meal.meal} at ${meal.name}`;
      const m$ = (rule: string, message: string) => out.push({ day: n, rule, message, itemKey: meal.key });
      if (!venue) {
        m$("ungrounded", `${where} is not a place we know.`);
        continue;
      }
      if (venue.name !== meal.name || venue.area !== meal.area || venue.costUsd !== meal.typicalCostPerPerson) {
        m$("ungrounded", `${where} must be as the facts say (name, area, price).`);
      }
      if (!venue.meals.includes(meal.meal)) m$("meal", `${where}: it doesn't serve ${meal.meal}.`);
      const [from, to] = MEAL_WINDOWS[meal.meal];
      if (mins(meal.time) < mins(from) || mins(meal.time) > mins(to))
        m$("meal", `${where} at ${meal.time} isn't ${meal.meal} time.`);
      if (!open(venue.hours, date, meal.time, 1)) m$("hours", `${where}: closed at ${meal.time}.`);
      const flaggedMeal = flagBreaks({ key: meal.key, title: venue.name, keywords: venue.keywords }, flags);
      if (flaggedMeal.length) m$("flag", `${where}: ${flaggedMeal.join("; ")}.`);
      for (const m of members) {
        // At a table only step access matters: seated meals suit limited walking, and nothing depends on sight or hearing.
        const needs = {
          ...m,
          prefs: {
            ...m.prefs,
            accessibility: m.prefs.accessibility.filter((x) => x === "wheelchair" || x === "step-free"),
          },
        };
        for (const why of activityBreaks({ ...venue, title: venue.name, involvesFood: true }, needs)) {
          m$("hard-constraint", `${where}: ${m.name}: ${why}.`);
        }
      }
    }
  });

  out.push(...checkLimits(itinerary, facts, members));
  out.push(...checkCosts(itinerary, facts, members));
  out.push(
    ...checkSplurges(
      itinerary,
      facts,
      members,
      (m) => expectedCost(itinerary, facts, m, members).tier,
      evidence.feedback.flatMap((f) => (f.kind === "suggestion" && f.text ? [f.text] : [])),
    ),
  );
  out.push(...checkWeather(itinerary, facts, months));
  out.push(...checkFeedback(itinerary, evidence, facts, members));

  const urls = new Set([
    ...facts.sources.map((s) => s.url),
    ...facts.activities.map((a) => a.source.url),
    ...facts.meals.map((m) => m.source.url),
    ...facts.practical.sources.map((s) => s.url),
  ]);
  for (const s of itinerary.sources)
    if (!urls.has(s.url)) v(null, "ungrounded", `Source ${s.url} is not among the destination's facts.`);
  const echoes = memberPhrases(evidence.members);
  // Naming a place is not quoting whoever named it too ("no Casa Milà (La Pedrera) and Casa
  // Batlló" against a day titled after both): the facts' own names are taken out first, so
  // only the plan's own wording can echo a member.
  const text = withoutNames(
    normalise(
      itinerary.days.flatMap((d) => [d.title, ...d.items.flatMap((i) => [i.description, ...i.tips])]).join(" | "),
    ),
    facts,
  );
  if (echoes.some((p) => text.includes(p)))
    v(null, "echo", "The plan quotes a member's own words; describe it in your own.");
  // Every generated text a member or the share page will read passes the guard's output
  // check (rules); the organizer's own items are their words, checked when typed.
  for (const day of itinerary.days) {
    const generated = day.items.filter((i) => i.kind !== "custom");
    const lines = [day.title, day.note ?? "", ...generated.flatMap((i) => [i.title, i.description, ...i.tips])];
    for (const line of lines) {
      const rule = screen(line);
      if (rule) v(day.day, "unsafe-text", `Day ${day.day}: a line fails the output check (${rule}).`);
    }
  }
  for (const line of [itinerary.weather.note, ...itinerary.packingList]) {
    const rule = screen(line);
    if (rule) v(null, "unsafe-text", `A line fails the output check (${rule}).`);
  }
  return out;
}

function checkActivity(
  item: ItineraryItem,
  facts: DestinationFacts,
  date: string | null,
  members: MemberView[],
  day: number,
  where: string,
): ItineraryViolation[] {
  const out: ItineraryViolation[] = [];
  const v = (rule: string, message: string) => out.push({ day, rule, message, itemKey: item.key });
  const a = facts.activities.find((x) => x.id === item.activityId);
  if (!a) return [{ day, rule: "ungrounded", message: `${where} is not an activity we know.`, itemKey: item.key }];
  if (item.key !== `a:${a.id}`) v("key", `${where}: its key must be a:${a.id}.`);
  if (a.title !== item.title || a.area !== item.area) v("ungrounded", `${where} must use the facts' title and area.`);
  if (a.costUsd !== item.costPerPerson) v("cost", `${where} costs $${a.costUsd} a person, not $${item.costPerPerson}.`);
  if (a.durationHours !== item.durationHours) v("time", `${where} takes ${a.durationHours} hours.`);
  if (!item.source || item.source.url !== a.source.url) v("ungrounded", `${where} must cite its own source.`);
  if (!open(a.hours, date, item.startTime, a.durationHours)) {
    v("hours", `${where} is closed at ${item.startTime}${date ? ` on ${date}` : ""}.`);
  }
  for (const m of members) for (const why of activityBreaks(a, m)) v("hard-constraint", `${where}: ${m.name}: ${why}.`);
  // "No nightlife" rules out a night out, whatever its keywords say: an outing the facts call
  // nightlife that runs past 22:00 (a late bout at a stadium, a bar until late).
  const end = mins(item.startTime) + item.durationHours * 60;
  if (a.vibes.includes("nightlife") && end > LATE_NIGHT) {
    for (const m of members)
      if (saysNoNightlife(m))
        v("hard-constraint", `${where}: ${m.name}: no nightlife (it runs until ${itemEnd(item)}).`);
  }
  return out;
}

/** After this (minutes since midnight), a night out is late. */
const LATE_NIGHT = 22 * 60;

/** The member ruled out nightlife: as a hard no ("no nightlife", "no clubs"), or in their notes ("I hate nightlife"). */
function saysNoNightlife(m: MemberView): boolean {
  const term = (t: string) =>
    interpretHardNo(t).rules.some((r) => r.kind === "term" && (r.term === "nightlife" || r.term === "late nights"));
  return (
    m.prefs.hardNos.some(term) ||
    /\b(no|hate|not into|don't like|avoid|skip)\b[^.]*\b(nightlife|night ?clubs?|clubbing)\b/i.test(m.prefs.notes ?? "")
  );
}

/**
 * The organizer's own item: nothing in the facts to ground it (no opening hours, area or
 * source to check), so it must be one the organizer made — exactly as they left it (key,
 * title, note, cost, day, slot, start time) — must say it is theirs (key `c:…`, no activity,
 * no source), and its title must not name anything a member ruled out. Its cost counts like
 * any other (checkCosts).
 */
function checkCustom(
  item: ItineraryItem,
  members: MemberView[],
  day: number,
  where: string,
  organizerItems: OrganizerItem[],
): ItineraryViolation[] {
  const v = (rule: string, message: string): ItineraryViolation => ({ day, rule, message, itemKey: item.key });
  const theirs = organizerItems.some(
    (o) =>
      o.key === item.key &&
      o.title === item.title &&
      o.description === item.description &&
      o.costPerPerson === item.costPerPerson &&
      o.day === day &&
      o.slot === item.slot &&
      o.startTime === item.startTime,
  );
  if (!theirs) return [v("ungrounded", `${where} is not an activity we know.`)];
  const out: ItineraryViolation[] = [];
  if (!item.key.startsWith("c:") || item.activityId !== null || item.source !== null)
    out.push(v("key", `${where}: the organizer's own item must have a c: key, no activity and no source.`));
  for (const m of members)
    for (const why of titleBreaks(item.title, m)) out.push(v("hard-constraint", `${where}: ${m.name}: ${why}.`));
  return out;
}

/** A member's own total from raw facts: their round trip, nights at their tier, every activity, food over the allowance. */
function expectedCost(itinerary: Itinerary, facts: DestinationFacts, m: MemberView, members: MemberView[]) {
  const activities = itinerary.days.flatMap((d) => d.items).reduce((sum, i) => sum + i.costPerPerson, 0);
  const extraAt = (tier: Tier) => foodExtrasAt(itinerary, facts, tier).reduce((sum, e) => sum + e.usd, 0);
  return costFor(facts, m, itinerary.dates.nights, activities, usualTier(members), extraAt);
}

/**
 * A day a person can live: no two of its items and meals overlap (each runs from its start to
 * its end: an item's duration, a meal's planned length); each stored end is its start plus its
 * length; every leg between consecutive stops has a mode and minutes (the route shown with the
 * plan) and the next stop starts no earlier than the previous one's end plus that leg; and each
 * part of the day the day has (arrival day: afternoon and evening; departure day: morning and
 * afternoon) holds something — an activity, for the evening dinner too — or is labelled free.
 */
export function checkDayTimes(
  day: Itinerary["days"][number],
  facts: Pick<DestinationFacts, "activities" | "meals" | "areas">,
  tripDays: number,
): ItineraryViolation[] {
  const out: ItineraryViolation[] = [];
  const n = day.day;
  const spans = [
    ...day.items.map((i) => ({
      key: i.key,
      name: `"${i.title}"`,
      from: mins(i.startTime),
      to: mins(i.startTime) + Math.round(i.durationHours * 60),
      storedEnd: i.endTime,
    })),
    ...day.meals.map((m) => ({
      key: m.key,
      name: `${m.meal} at ${m.name}`,
      from: mins(m.time),
      to: mins(m.time) + MEAL_MINUTES[m.meal],
      storedEnd: m.endTime,
    })),
  ].sort((a, b) => a.from - b.from);
  for (const s of spans) {
    if (s.storedEnd !== undefined && mins(s.storedEnd) !== Math.min(s.to, 23 * 60 + 59))
      out.push({
        day: n,
        rule: "time",
        message: `Day ${n}: ${s.name} must end at its start plus its length.`,
        itemKey: s.key,
      });
  }
  spans.forEach((a, i) => {
    for (const b of spans.slice(i + 1)) {
      if (b.from < a.to)
        out.push({ day: n, rule: "overlap", message: `Day ${n}: ${a.name} runs into ${b.name}.`, itemKey: b.key });
    }
  });
  const route = dayRoute(day, facts);
  for (const leg of route.legs) {
    const from = spans.find((s) => s.key === leg.from);
    const to = spans.find((s) => s.key === leg.to);
    if (!from || !to) continue;
    if (!leg.mode || !Number.isInteger(leg.minutes)) {
      out.push({
        day: n,
        rule: "leg",
        message: `Day ${n}: the way to ${to.name} has no travel time.`,
        itemKey: to.key,
      });
    } else if (to.from >= from.to && to.from < from.to + leg.minutes) {
      out.push({
        day: n,
        rule: "leg",
        message: `Day ${n}: ${to.name} starts ${to.from - from.to} min after ${from.name} ends; getting there takes about ${leg.minutes} min.`,
        itemKey: to.key,
      });
    }
  }
  if (day.free !== undefined) {
    const parts: Slot[] =
      tripDays === 1
        ? ["morning", "afternoon", "evening"]
        : n === 1
          ? ["afternoon", "evening"]
          : n === tripDays
            ? ["morning", "afternoon"]
            : ["morning", "afternoon", "evening"];
    const held = new Set<Slot>(day.items.map((i) => i.slot));
    if (day.items.some((i) => i.slot === "morning" && i.durationHours > 3.5)) held.add("afternoon");
    if (day.meals.some((m) => m.meal === "dinner")) held.add("evening");
    for (const part of parts) {
      if (!held.has(part) && !day.free.includes(part))
        out.push({
          day: n,
          rule: "free-time",
          message: `Day ${n}: the ${part} has nothing in it and isn't labelled free.`,
        });
      if (held.has(part) && day.free.includes(part))
        out.push({
          day: n,
          rule: "free-time",
          message: `Day ${n}: the ${part} is labelled free but has something planned.`,
        });
    }
  }
  return out;
}

/** Each member's own total: own round trip, nights at their tier, every activity in the plan, food over the allowance. */
function checkCosts(itinerary: Itinerary, facts: DestinationFacts, members: MemberView[]): ItineraryViolation[] {
  const out: ItineraryViolation[] = [];
  const v = (message: string, rule = "cost") => out.push({ day: null, rule, message });
  const activities = itinerary.days.flatMap((d) => d.items).reduce((sum, i) => sum + i.costPerPerson, 0);
  const totals: number[] = [];
  for (const m of members) {
    const expected = expectedCost(itinerary, facts, m, members);
    totals.push(expected.total);
    const claimed = itinerary.costs.find((c) => c.memberId === m.id);
    if (!claimed) {
      v(`No cost for ${m.name}.`);
      continue;
    }
    const line = (item: string) => claimed.lines.find((l) => l.item === item)?.usd;
    if (claimed.tier !== expected.tier) v(`${m.name}'s stay should be ${expected.tier}, not ${claimed.tier}.`);
    // expected.travel is undefined for a home that isn't confirmed: then there must be no travel line.
    if (line("travel") !== expected.travel)
      v(
        `${m.name}'s round trip is ${expected.travel === undefined ? "not priced" : `$${expected.travel}`}, not $${line("travel")}.`,
      );
    if (line("stay") !== expected.stay)
      v(`${m.name}'s ${itinerary.dates.nights} nights cost $${expected.stay}, not $${line("stay")}.`);
    if (line("activities") !== activities)
      v(`${m.name}'s activities come to $${activities}, not $${line("activities")}.`);
    checkFoodLines(claimed, foodExtrasAt(itinerary, facts, expected.tier), m.name, v);
    if (claimed.total !== expected.total) v(`${m.name}'s total is $${expected.total}, not $${claimed.total}.`);
    const highest = Math.max(claimed.total, expected.total);
    if (m.hardCap !== null && exceeds(highest, m.hardCap))
      v(`${m.name}'s own total $${highest} is over their ${formatBudget(m.hardCap)} hard cap.`, "hard-cap");
    const over = overByUsd(expected.total, m.max);
    if (claimed.overBy !== over) v(`${m.name} is $${over} over their budget, not $${claimed.overBy}.`);
  }
  if (totals.length) {
    const lo = Math.min(...totals);
    const hi = Math.max(...totals);
    const { low, high } = itinerary.costRange;
    if (low > lo || lo - low >= 10 || high < hi || high - hi >= 10)
      v(`The range $${low}–$${high} must span $${lo}–$${hi}.`);
  }
  const stretched = members.filter((m) => overByUsd(totals[members.indexOf(m)] ?? 0, m.max) > 0).map((m) => m.id);
  if (!sameSet(stretched, itinerary.impactedMemberIds))
    v("Who stretches must be exactly those over their own budget.", "mode");
  const label = budgetLabelBreak(itinerary.budgetMode, members, stretched.length);
  if (label) v(`The budget label is wrong: ${label}`, "mode");
  if (
    !sameSet(
      stretched,
      itinerary.stretches.map((s) => s.memberId),
    )
  )
    v("Everyone who stretches needs a way back under.", "mode");
  return out;
}

/** Every temperature, rainy-day count and humidity figure in the note must be one of the travel months' normals. */
function checkWeather(itinerary: Itinerary, facts: DestinationFacts, months: number[] | null): ItineraryViolation[] {
  if (!months) return [];
  const normals = months.flatMap((m) => climateIn(facts, m) ?? []);
  const temps = new Set(normals.flatMap((c) => [c.highC, c.lowC]));
  const rain = new Set(normals.map((c) => c.rainyDays));
  const humid = new Set(normals.map((c) => c.humidity));
  const out: ItineraryViolation[] = [];
  const note = itinerary.weather.note;
  for (const [, n] of note.matchAll(/(-?\d+(?:\.\d+)?)\s*°C/g)) {
    if (!temps.has(Number(n)))
      out.push({ day: null, rule: "weather", message: `${n}°C isn't a climate normal for those months.` });
  }
  for (const [, n] of note.matchAll(/(\d+)\s+rainy days/g)) {
    if (!rain.has(Number(n)))
      out.push({ day: null, rule: "weather", message: `${n} rainy days isn't the normal for those months.` });
  }
  for (const [, n] of note.matchAll(/(\d+)%/g)) {
    if (!humid.has(Number(n)))
      out.push({ day: null, rule: "weather", message: `${n}% humidity isn't the normal for those months.` });
  }
  return out;
}

/** Every feedback item answered; flags honoured, suggestions placed, alternatives that suit everyone. */
function checkFeedback(
  itinerary: Itinerary,
  evidence: ItineraryEvidence,
  facts: DestinationFacts,
  members: MemberView[],
): ItineraryViolation[] {
  const out: ItineraryViolation[] = [];
  const v = (message: string) => out.push({ day: null, rule: "feedback", message });
  const keys = new Set(itinerary.days.flatMap((d) => d.items.map((i) => i.key)));
  const activityIds = new Set(itinerary.days.flatMap((d) => d.items.map((i) => i.activityId)));
  for (const f of evidence.feedback) {
    const outcomes = itinerary.feedback.filter((o) => o.feedbackId === f.id);
    if (outcomes.length !== 1) {
      v(`Feedback ${f.id} needs exactly one outcome (has ${outcomes.length}).`);
      continue;
    }
    const outcome = outcomes[0] as FeedbackOutcome;
    if (f.kind === "flag" && outcome.status === "applied" && f.itemKey && keys.has(f.itemKey)) {
      v(`A flag is marked applied but "${f.itemKey}" is still in the plan.`);
    }
    if (
      f.kind === "suggestion" &&
      outcome.status === "applied" &&
      f.suggestedActivityId &&
      !activityIds.has(f.suggestedActivityId)
    ) {
      v(`A suggestion is marked applied but ${f.suggestedActivityId} isn't in the plan.`);
    }
    for (const alt of outcome.alternatives) {
      const a = facts.activities.find((x) => x.id === alt.activityId);
      if (!a) v(`Alternative "${alt.title}" is not an activity we know.`);
      else if (members.some((m) => activityBreaks(a, m).length > 0 || dislikeBreaks(a, m).length > 0))
        v(`Alternative "${alt.title}" breaks someone's constraint.`);
    }
  }
  return out;
}

/** The pace most of the group asked for; a tie goes to the gentler one, no answers to balanced. */
function groupPace(members: MemberView[]): keyof typeof PACE {
  const count = { relaxed: 0, balanced: 0, packed: 0 };
  for (const m of members) if (m.prefs.pace) count[m.prefs.pace]++;
  const top = Math.max(count.relaxed, count.balanced, count.packed);
  if (top === 0) return "balanced";
  return count.relaxed === top ? "relaxed" : count.balanced === top ? "balanced" : "packed";
}

function usualTier(members: MemberView[]): Tier {
  const count = { budget: 0, midrange: 0, premium: 0 };
  for (const m of members) if (m.prefs.accommodation) count[m.prefs.accommodation]++;
  if (count.budget > 0 && count.budget >= count.midrange && count.budget >= count.premium) return "budget";
  return count.premium > count.midrange ? "premium" : "midrange";
}

/** The text with every name the facts give (activities, meals, areas, the place) cut out: a phrase can't run across one. */
function withoutNames(text: string, facts: DestinationFacts): string {
  const names = [
    facts.name,
    ...facts.areas.map((a) => a.name),
    ...facts.activities.map((a) => a.title),
    ...facts.meals.map((m) => m.name),
  ]
    .map(normalise)
    .filter((n) => n.includes(" "))
    .sort((a, b) => b.length - a.length);
  let out = ` ${text} `;
  for (const name of names) while (out.includes(` ${name} `)) out = out.replaceAll(` ${name} `, " | ");
  return out;
}

function mins(clock: string): number {
  const [h = 0, m = 0] = clock.split(":").map(Number);
  return h * 60 + m;
}

/** Open for the whole visit, on that weekday (own arithmetic: the validator shares no planning code). */
function open(
  hours: { open: string; close: string; closedOn: string[] } | null,
  date: string | null,
  start: string,
  durationHours: number,
): boolean {
  if (!hours) return true;
  if (date && hours.closedOn.includes(WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? "")) return false;
  const from = mins(start);
  const opens = mins(hours.open);
  let closes = mins(hours.close);
  if (closes <= opens) closes += 24 * 60;
  return from >= opens && from + durationHours * 60 <= closes;
}
