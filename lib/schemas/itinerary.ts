import { z } from "zod";
import { dayTitle } from "@/lib/planning/day-title";
import { MEAL_TIMES, Source } from "@/lib/schemas/catalog";
import { DayRoute } from "@/lib/schemas/day-route";
import { MemberCost } from "@/lib/schemas/money";
import { ClientKey } from "@/lib/schemas/offline";
import { IsoDate, PACES } from "@/lib/schemas/preferences";
import { RankingMode } from "@/lib/schemas/recommendations";
import { typedText } from "@/lib/schemas/text";
import { versionNumber } from "@/lib/schemas/version";

/**
 * The day-by-day plan (PRD Flow B): every day with its date, morning / afternoon /
 * evening activities and meals placed in the day; each activity with its area, cost per
 * person, duration, tips and source; the weather note and packing list from the
 * destination's climate normals for the dates; the assumptions made; each member's own
 * cost; and, after feedback, what became of each item. Stored per version in
 * `itineraries.payload`, parsed again when read, served as JSON at
 * `GET /api/trips/<id>/itinerary`.
 */

export const SLOTS = ["morning", "afternoon", "evening"] as const;
export const Slot = z.enum(SLOTS);
export type Slot = z.infer<typeof Slot>;

/**
 * Local time each slot starts and the latest it can run to: lunch sits between morning
 * and afternoon, dinner between afternoon and evening. The validator checks opening hours
 * against the times an item is actually given.
 */
export const SLOT_TIMES: Record<Slot, { start: string; end: string }> = {
  morning: { start: "09:00", end: "12:30" },
  afternoon: { start: "13:30", end: "17:30" },
  evening: { start: "20:00", end: "23:30" },
};
/** The earliest each meal is planned for; it moves later to fit between activities and travel. */
export const MEAL_CLOCK = { breakfast: "08:00", lunch: "12:00", dinner: "18:30" } as const;
/** The latest each meal may start (the validator's meal windows end here too). */
export const MEAL_LATEST = { breakfast: "10:30", lunch: "14:30", dinner: "21:30" } as const;
/** How long a sit-down meal is planned for, in minutes. */
export const MEAL_MINUTES = { breakfast: 45, lunch: 60, dinner: 90 } as const;
/** Activities a day can hold at each pace (meals aside). */
export const PACE_LIMITS = { relaxed: 2, balanced: 3, packed: 4 } as const;

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM");

/** "HH:MM" + minutes, capped at 23:59 (a plan's day ends before midnight). */
export function clockPlus(start: string, addMinutes: number): string {
  const [h = 0, m = 0] = start.split(":").map(Number);
  const total = Math.max(0, Math.min(23 * 60 + 59, Math.round(h * 60 + m + addMinutes)));
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** When an item ends: its start plus its duration (the stored end is always this; older plans had none). */
export function itemEnd(item: { startTime: string; durationHours: number }): string {
  return clockPlus(item.startTime, item.durationHours * 60);
}

/** When a meal ends: its time plus the meal's planned length. */
export function mealEnd(meal: { time: string; meal: keyof typeof MEAL_MINUTES }): string {
  return clockPlus(meal.time, MEAL_MINUTES[meal.meal]);
}

const ItineraryItemFields = z.object({
  /** Stable across versions: `a:<activityId>` for a catalog activity, `c:<id>` for a custom item. */
  key: z.string().min(3).max(80),
  kind: z.enum(["activity", "custom"]),
  activityId: z.string().nullable(),
  title: z.string().min(2).max(120),
  description: z.string().max(400),
  area: z.string().max(80),
  slot: Slot,
  /** Local time at the destination. */
  startTime: ClockTime,
  durationHours: z.number().positive().max(14),
  costPerPerson: z.number().int().nonnegative(),
  tips: z.array(z.string().max(200)).max(3),
  source: Source.nullable(),
  /** The organizer locked it: regenerations keep it where it is. */
  locked: z.boolean(),
  /**
   * The organizer's own item that is the day's lunch or dinner ("Dinner at Aunt Rosa's"): it
   * takes the planned meal's place, and counts as that meal rather than as an activity.
   */
  meal: z.enum(["lunch", "dinner"]).optional(),
  /** Local time it ends: start + duration (worked out when read, so older plans without it have it too). */
  endTime: ClockTime.optional(),
});
/** An item as read: its end is always its start plus its duration. */
export const ItineraryItem = ItineraryItemFields.overwrite((item) => ({ ...item, endTime: itemEnd(item) }));
export type ItineraryItem = z.infer<typeof ItineraryItem>;

const MealStopFields = z.object({
  key: z.string().min(3).max(80),
  mealId: z.string(),
  name: z.string(),
  meal: z.enum(MEAL_TIMES),
  time: ClockTime,
  area: z.string(),
  cuisine: z.string(),
  /** What a meal there usually costs (covered by the daily food allowance in the cost). */
  typicalCostPerPerson: z.number().int().nonnegative(),
  source: Source,
  /** Local time it ends: time + the meal's planned length (worked out when read, as for items). */
  endTime: ClockTime.optional(),
});
export const MealStop = MealStopFields.overwrite((meal) => ({ ...meal, endTime: mealEnd(meal) }));
export type MealStop = z.infer<typeof MealStop>;

/** Why a part of a day was left free, in words every member may read (no member's need named). */
export const FreeWhy = z.array(z.object({ slot: Slot, reason: z.string().min(3).max(200) })).max(3);
export type FreeWhy = z.infer<typeof FreeWhy>;

export const ItineraryDay = z
  .object({
    day: z.number().int().min(1),
    date: IsoDate.nullable(),
    title: z.string().min(2).max(120),
    items: z.array(ItineraryItem).max(6),
    meals: z.array(MealStop).max(3),
    /** Arrival or departure, when it shapes the day. */
    note: z.string().max(200).nullable(),
    /**
     * The parts of the day left free on purpose, shown as "Free afternoon" (older plans: absent).
     * A day with no activity at all is a rest day, and says so.
     */
    free: z.array(Slot).optional(),
    /** Why each free part of the day is free ("Nothing else here suits everyone this afternoon"; older plans: absent). */
    freeWhy: FreeWhy.optional(),
  })
  // The title is derived from what the day holds whenever a plan is read or written (never trusted as stored).
  .overwrite((day) => ({ ...day, title: dayTitle(day) }));
export type ItineraryDay = z.infer<typeof ItineraryDay>;

export const FeedbackOutcome = z.object({
  feedbackId: z.string(),
  status: z.enum(["applied", "declined"]),
  /** What was done, or why not, in words the member can read ("kept: the only step-free evening option nearby"). */
  reason: z.string().min(3).max(300),
  /** When it couldn't be met without breaking someone's hard constraint: 1–3 things that would work instead. */
  alternatives: z.array(z.object({ activityId: z.string().nullable(), title: z.string() })).max(3),
});
export type FeedbackOutcome = z.infer<typeof FeedbackOutcome>;

/** The plan's fields (without the cross-field rules, so projections can pick from it). */
const ItineraryFields = z.object({
  destination: z.object({
    slug: z.string(),
    name: z.string(),
    country: z.string(),
    timezone: z.string(),
  }),
  dates: z.object({
    start: IsoDate.nullable(),
    end: IsoDate.nullable(),
    nights: z.number().int().min(0).max(30),
    days: z.number().int().min(1).max(31),
  }),
  pace: z.enum(PACES),
  days: z.array(ItineraryDay).min(1),
  weather: z.object({ note: z.string(), basis: z.string() }),
  packingList: z.array(z.string()).min(1).max(15),
  assumptions: z.array(z.string()).min(1),
  /** Each member's own cost; members are shown their own, the organizer everyone's. */
  costs: z.array(MemberCost),
  /** The spread of the members' totals (low rounded down, high rounded up). */
  costRange: z.object({ low: z.number().int(), high: z.number().int() }),
  budgetMode: RankingMode,
  impactedMemberIds: z.array(z.string()),
  /** High-variance assumptions worth checking before booking. */
  costNotes: z.array(z.string()),
  /** For each member over their own (soft) budget: by how much, and what would bring them under. */
  stretches: z.array(
    z.object({ memberId: z.string(), overBy: z.number().int().positive(), fixes: z.array(z.string()) }),
  ),
  sources: z.array(Source),
  feedback: z.array(FeedbackOutcome),
  /** Members who hadn't answered when it was planned (their constraints aren't in it). */
  pendingMemberIds: z.array(z.string()),
  generatedAt: z.iso.datetime(),
  factsVersion: z.string(),
  /** The answers it was planned from (when they change, the organizer sees what now breaks). */
  preferencesFingerprint: z.string(),
  /** Activities the organizer took out by hand: regenerations don't put them back unless someone suggests one. */
  removedByHand: z.array(z.string()).optional(),
});

export const Itinerary = ItineraryFields.refine(
  (i) => i.dates.days === i.dates.nights + 1,
  "days must be nights + 1",
).refine((i) => i.days.length === i.dates.days, "one day per day of the trip");
export type Itinerary = z.infer<typeof Itinerary>;

/**
 * The plan as the share page shows it and `/s/<token>/itinerary.json` serves it: the
 * itinerary's days, weather, packing list, sources and the per-person range, and nothing
 * about the members (no names, homes, budgets, diets, notes, feedback or per-member costs):
 * only how many are going.
 */
export const SharedPlan = ItineraryFields.pick({
  destination: true,
  dates: true,
  pace: true,
  days: true,
  weather: true,
  packingList: true,
  costRange: true,
  sources: true,
  generatedAt: true,
  factsVersion: true,
}).extend({
  /** "draft" until the organizer finalizes the plan. */
  status: z.enum(["draft", "final"]),
  version: z.number().int().min(1),
  finalizedAt: z.iso.datetime().nullable(),
  groupSize: z.number().int().min(1),
  /** How many of the group's answers it was planned with (a count, never who): fewer means lower confidence. */
  plannedWithAnswers: z.number().int().min(0).optional(),
  /**
   * Each day's stops in order with the estimated travel between them and a map link, worked
   * out from the destination's facts when shown (not stored); absent when the facts aren't known.
   */
  routes: z.array(DayRoute).optional(),
});
export type SharedPlan = z.infer<typeof SharedPlan>;

export const FLAG_REASONS = ["too-expensive", "not-accessible", "not-my-thing", "diet-clash", "other"] as const;
export const FlagReason = z.enum(FLAG_REASONS);
export type FlagReason = z.infer<typeof FlagReason>;
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  "too-expensive": "Too expensive",
  "not-accessible": "Not accessible for me",
  "not-my-thing": "Not my thing",
  "diet-clash": "Clashes with my diet",
  other: "Other",
};

/** At most this many feedback regenerations per trip (DESIGN.md "Decisions"). */
export const MAX_REGENERATIONS = 5;

// ── Action inputs ───────────────────────────────────────────────────────────

const TripIdInput = z.uuid("Not a trip id").describe("The trip (bound from the page).");
const PLAN_VERSION = "The version of the plan I was looking at (a stale one is refused).";
export const MAX_FEEDBACK_TEXT = 300;

/** The organizer confirms the trip's dates: a start and an end (inclusive), both still ahead. */
export const SetTripDatesInput = z
  .object({
    tripId: TripIdInput,
    start: IsoDate.describe("The trip's first day (YYYY-MM-DD), after today."),
    end: IsoDate.describe("The trip's last day (YYYY-MM-DD), inclusive; at most 30 nights after the first."),
  })
  .strict()
  .refine((d) => d.end >= d.start, { message: "The last day can't be before the first", path: ["end"] })
  .refine((d) => daysBetween(d.start, d.end) <= 30, { message: "A trip can be at most 30 nights", path: ["end"] });
export type SetTripDatesInput = z.infer<typeof SetTripDatesInput>;

export const FlagItemInput = z
  .object({
    tripId: TripIdInput,
    /** The version the member was looking at. */
    version: versionNumber().describe(PLAN_VERSION),
    itemKey: z.string().min(3).max(80).describe("The item's key in that version of the plan (like a:alfama-walk)."),
    reason: FlagReason.describe(
      "Why: too-expensive, not-accessible (for me), not-my-thing, diet-clash (with my diet), or other (then say what in the note).",
    ),
    note: typedText({ max: MAX_FEEDBACK_TEXT, multiline: true }).describe(
      "What's wrong with it, in my words (may be empty unless the reason is other).",
    ),
    clientKey: ClientKey.optional(),
  })
  .strict()
  .refine((f) => f.reason !== "other" || f.note.length > 0, { message: "Say what's wrong with it", path: ["note"] });
export type FlagItemInput = z.input<typeof FlagItemInput>;

/** A suggestion: an activity from the destination's list, or the member's own words. */
export const SuggestInput = z
  .object({
    tripId: TripIdInput,
    version: versionNumber().describe(PLAN_VERSION),
    activityId: z
      .string()
      .regex(/^[a-z0-9-]{1,80}$/, "Not an activity")
      .nullable()
      .describe("One of the destination's activities (its id), or null to suggest something in my own words."),
    text: typedText({ max: MAX_FEEDBACK_TEXT, multiline: true }).describe(
      "What I'd like to add and why, in my words (may be empty when an activity is picked).",
    ),
    clientKey: ClientKey.optional(),
  })
  .strict()
  .refine((s) => s.activityId !== null || s.text.length > 0, {
    message: "Pick an activity or describe what you'd like to add",
    path: ["text"],
  });
export type SuggestInput = z.input<typeof SuggestInput>;

export const FeedbackIdInput = z
  .object({ tripId: TripIdInput, feedbackId: z.uuid().describe("The flag or suggestion (its id).") })
  .strict();
export const VersionInput = z.object({ tripId: TripIdInput, version: versionNumber().describe(PLAN_VERSION) }).strict();

/**
 * Restoring an earlier version. When it has items under flags in force, the restore is
 * refused until the organizer says yes (`liftFlags`): those flags are then lifted, with the
 * restore as the reason everyone sees.
 */
export const RestoreInput = z
  .object({
    tripId: TripIdInput,
    version: versionNumber().describe("The earlier version to make current again."),
    liftFlags: z
      .boolean()
      .optional()
      .describe(
        "true once the organizer agreed that flags in force on that version's items are lifted; absent: ask first.",
      ),
  })
  .strict();
export type RestoreInput = z.input<typeof RestoreInput>;

export const MAX_LIFT_REASON = 200;
/** The organizer lifts someone's flag, saying why (everyone sees it beside the flag). */
export const LiftFlagInput = z
  .object({
    tripId: TripIdInput,
    feedbackId: z.uuid().describe("The flag in force (its id)."),
    reason: typedText({
      min: 3,
      max: MAX_LIFT_REASON,
      messages: { type: "Say why", required: "Say why you're lifting it, in a few words" },
    }).describe("Why the flag is lifted, in a few words everyone sees beside it."),
  })
  .strict();
export type LiftFlagInput = z.input<typeof LiftFlagInput>;

/** A hand edit names the version it was made on; a stale one is refused. */
const EditBase = {
  tripId: TripIdInput,
  version: versionNumber().describe("The version of the plan the edit is made on (a stale one is refused)."),
};
const ItemKey = z.string().min(3).max(80).describe("The item's key in that version of the plan (like a:alfama-walk).");
const DayNumber = z.number().int().min(1).max(31).describe("The day of the trip: 1 is the first day.");
const TimeOfDay = Slot.describe("The time of day: morning, afternoon or evening.");
const ActivityId = z
  .string()
  .regex(/^[a-z0-9-]{1,80}$/, "Pick an activity")
  .describe("One of the destination's activities (its id).");

/** The organizer takes an item out of the plan. */
export const RemoveItemInput = z.object({ ...EditBase, itemKey: ItemKey }).strict();
export type RemoveItemInput = z.input<typeof RemoveItemInput>;

/** The organizer moves an item to another day and/or time of day. */
export const MoveItemInput = z.object({ ...EditBase, itemKey: ItemKey, day: DayNumber, slot: TimeOfDay }).strict();
export type MoveItemInput = z.input<typeof MoveItemInput>;

/** The organizer adds one of the destination's activities (one that suits everyone) to a day and time of day. */
export const AddActivityInput = z
  .object({
    ...EditBase,
    activityId: ActivityId,
    day: DayNumber,
    slot: TimeOfDay,
  })
  .strict();
export type AddActivityInput = z.input<typeof AddActivityInput>;

/** The organizer locks an item (regenerations keep it where it is) or unlocks it. */
export const LockItemInput = z
  .object({
    ...EditBase,
    itemKey: ItemKey,
    locked: z.boolean().describe("true: regenerations keep it where it is; false: unlock it."),
  })
  .strict();
export type LockItemInput = z.input<typeof LockItemInput>;

/** The organizer swaps an item for another of the destination's activities (same day and time of day). */
export const SwapItemInput = z.object({ ...EditBase, itemKey: ItemKey, activityId: ActivityId }).strict();
export type SwapItemInput = z.input<typeof SwapItemInput>;

export const MAX_CUSTOM_TITLE = 80;
export const MAX_CUSTOM_NOTE = 280;
export const MAX_CUSTOM_COST = 10_000;
/** How long the organizer's own plan is assumed to take: two hours fits every time of day's window. */
export const CUSTOM_ITEM_HOURS = 2;
/** What a custom item shows where an activity shows its neighbourhood. */
export const CUSTOM_ITEM_AREA = "Your own plan";

/**
 * The organizer adds something of their own (a friend's dinner, a boat they booked): a
 * title, when, what it costs each person (counted in everyone's total) and a note.
 */
export const AddCustomItemInput = z
  .object({
    ...EditBase,
    title: typedText({
      min: 2,
      max: MAX_CUSTOM_TITLE,
      messages: { type: "Give it a title", required: "Give it a title of at least 2 characters" },
    }).describe("What it is (a friend's dinner, the boat we booked)."),
    day: DayNumber,
    slot: TimeOfDay,
    /** Whole US dollars a person; null or absent: free. */
    costPerPerson: z
      .number("Enter the cost in whole dollars")
      .int("Enter the cost in whole dollars")
      .min(0, "The cost can't be negative")
      .max(MAX_CUSTOM_COST, `At most $${MAX_CUSTOM_COST.toLocaleString("en-US")} a person`)
      .nullish()
      .describe("What it costs each person, in whole US dollars; null or absent: free."),
    note: typedText({ max: MAX_CUSTOM_NOTE, multiline: true })
      .optional()
      .describe("A note everyone sees with it (where to meet, what to bring)."),
    replaces: z
      .string()
      .min(3)
      .max(80)
      .optional()
      .describe(
        "The key of the planned activity or meal on that day it takes the place of (absent: a title naming lunch or dinner replaces that day's planned one).",
      ),
  })
  .strict();
export type AddCustomItemInput = z.input<typeof AddCustomItemInput>;

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}
