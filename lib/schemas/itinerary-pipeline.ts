import { z } from "zod";
import { DestinationFacts, MEAL_TIMES } from "@/lib/schemas/catalog";
import {
  FeedbackOutcome,
  FlagReason,
  FreeWhy,
  Itinerary,
  ItineraryDay,
  ItineraryItem,
  Slot,
} from "@/lib/schemas/itinerary";
import { MemberCost } from "@/lib/schemas/money";
import { DecisionLogEntry, RawMember, SafetyFlag, TripContext } from "@/lib/schemas/pipeline";
import { IsoDate, PACES, VIBES } from "@/lib/schemas/preferences";
import { RankingMode } from "@/lib/schemas/recommendations";

/**
 * The itinerary workflow's state (draft → cost sanity → polish → validate/repair → store)
 * and what its agents exchange with a model. Every value survives a JSON round trip: the
 * engines memoize each step's result.
 */

/** What this run plans: the chosen destination, the confirmed dates, the pace, and why it runs. */
export const ItineraryBrief = z.object({
  slug: z.string(),
  start: IsoDate.nullable(),
  end: IsoDate.nullable(),
  nights: z.number().int().min(0).max(30),
  days: z.number().int().min(1).max(31),
  pace: z.enum(PACES),
  kind: z.enum(["itinerary", "regenerate"]),
  /** The version a regeneration (or repair) starts from. */
  basedOnVersion: z.number().int().nullable(),
});
export type ItineraryBrief = z.infer<typeof ItineraryBrief>;

/** An open feedback item as the run sees it (its text withheld when the risk guard flagged it). */
export const FeedbackInput = z.object({
  id: z.string(),
  memberId: z.string(),
  kind: z.enum(["flag", "suggestion"]),
  itemKey: z.string().nullable(),
  reason: FlagReason.nullable(),
  text: z.string(),
  suggestedActivityId: z.string().nullable(),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

/**
 * A flag in force (open or applied, not withdrawn or lifted): a constraint on every later
 * version of the plan. Its item never comes back; a reason that names a kind ("no museums")
 * keeps that kind out too (lib/constraints/flags.ts).
 */
export const FlagInForce = z.object({
  id: z.string(),
  memberId: z.string(),
  itemKey: z.string(),
  reason: FlagReason,
  text: z.string(),
});
export type FlagInForce = z.infer<typeof FlagInForce>;

/** Code's share-out of the days: which activity goes where, and which meals (lib/planning/itinerary-allocation.ts). */
export const Allocation = z.object({
  days: z.array(
    z.object({
      day: z.number().int(),
      date: IsoDate.nullable(),
      area: z.string(),
      note: z.string().nullable(),
      items: z.array(z.object({ activityId: z.string(), slot: Slot, start: z.string(), locked: z.boolean() })),
      /**
       * The organizer's own items of the previous version on this day, exactly as they were
       * (kept like locked items: their time is reserved, the writer passes them through unchanged).
       */
      custom: z.array(ItineraryItem).optional(),
      meals: z.array(z.object({ meal: z.enum(MEAL_TIMES), mealId: z.string(), time: z.string() })),
      /** The parts of the day left free on purpose (shown "Free afternoon"). */
      free: z.array(Slot).optional(),
      /** Why each of them is free. */
      freeWhy: FreeWhy.optional(),
    }),
  ),
  outcomes: z.array(FeedbackOutcome),
  notes: z.array(z.string()),
  /** What paid activities may cost a person so every hard cap holds (null: no hard caps). */
  activityBudget: z.number().nullable(),
});
export type Allocation = z.infer<typeof Allocation>;

export const CostSheet = z.object({
  costs: z.array(MemberCost),
  range: z.object({ low: z.number().int(), high: z.number().int() }),
  mode: RankingMode,
  impactedMemberIds: z.array(z.string()),
  notes: z.array(z.string()),
  stretches: z.array(
    z.object({ memberId: z.string(), overBy: z.number().int().positive(), fixes: z.array(z.string()) }),
  ),
});
export type CostSheet = z.infer<typeof CostSheet>;

export const Finishing = z.object({
  weather: z.object({ note: z.string(), basis: z.string() }),
  packingList: z.array(z.string()),
  assumptions: z.array(z.string()),
});
export type Finishing = z.infer<typeof Finishing>;

export const ItineraryState = z.object({
  tripContext: TripContext,
  brief: ItineraryBrief,
  rawPreferences: z.array(RawMember),
  safetyFlags: z.array(SafetyFlag),
  feedback: z.array(FeedbackInput),
  /** Every flag in force on the plan, as its rows say (open ones are in `feedback` too). */
  flags: z.array(FlagInForce),
  /** The version a regeneration starts from (its locks and its items). */
  previous: Itinerary.nullable(),
  /**
   * The destination's facts when it was researched for the group (as recorded with its card);
   * empty for a catalog place, whose facts are the catalog's.
   */
  places: z.array(z.object({ facts: DestinationFacts })),
  /** What the group likes and dislikes (read from the chosen recommendations; no names). */
  taste: z.object({ liked: z.array(z.enum(VIBES)), disliked: z.array(z.enum(VIBES)) }),
  allocation: Allocation,
  /** Days as drafted, then polished and repaired. */
  days: z.array(ItineraryDay),
  costSheet: CostSheet,
  finishing: Finishing,
  itinerary: Itinerary,
  /** What the last validation round found (empty: the plan passes). */
  violations: z.array(
    z.object({
      day: z.number().int().nullable(),
      rule: z.string(),
      message: z.string(),
      itemKey: z.string().optional(),
    }),
  ),
  decisionLog: z.array(DecisionLogEntry),
});
export type ItineraryState = z.infer<typeof ItineraryState>;

// ── What the agents send a model and accept back ────────────────────────────

export const DraftDayInput = z.object({
  destination: z.string(),
  day: z.number().int(),
  date: IsoDate.nullable(),
  area: z.string(),
  note: z.string().nullable(),
  /** Placed activities, in order: the writer keeps exactly these and words them for the group. */
  items: z.array(
    z.object({
      activityId: z.string(),
      slot: Slot,
      start: z.string(),
      title: z.string(),
      area: z.string(),
      description: z.string(),
      tips: z.array(z.string()),
    }),
  ),
  meals: z.array(z.object({ meal: z.string(), name: z.string(), area: z.string(), cuisine: z.string() })),
  /** Problems a validator found in an earlier draft of this day (a repair round). */
  problems: z.array(z.string()),
});
export type DraftDayInput = z.infer<typeof DraftDayInput>;

export const DraftDayOutput = z.object({
  title: z.string().min(3).max(120),
  items: z.array(
    z.object({
      activityId: z.string(),
      description: z.string().min(10).max(400),
      tips: z.array(z.string().min(5).max(200)).max(3),
    }),
  ),
});
export type DraftDayOutput = z.infer<typeof DraftDayOutput>;

export const CostNotesInput = z.object({
  destination: z.string(),
  months: z.array(z.number().int().min(1).max(12)),
  nights: z.number().int(),
  tiers: z.array(z.string()),
  paidItems: z.array(z.object({ title: z.string(), costUsd: z.number() })),
  flights: z.array(z.object({ hours: z.number(), usd: z.number() })),
});
export type CostNotesInput = z.infer<typeof CostNotesInput>;
export const CostNotesOutput = z.object({ notes: z.array(z.string().min(10).max(300)).max(5) });
export type CostNotesOutput = z.infer<typeof CostNotesOutput>;

export const PolishInput = z.object({
  destination: z.string(),
  days: z.array(
    z.object({
      day: z.number().int(),
      title: z.string(),
      items: z.array(z.object({ key: z.string(), title: z.string(), slot: Slot, area: z.string(), start: z.string() })),
    }),
  ),
  assumptions: z.array(z.string()),
});
export type PolishInput = z.infer<typeof PolishInput>;
export const PolishOutput = z.object({
  /** Day titles, made to read as one trip. */
  titles: z.array(z.object({ day: z.number().int(), title: z.string().min(3).max(120) })),
  /** Assumptions in the group's words (the facts stay the same). */
  assumptions: z.array(z.string().min(5).max(300)).min(1).max(10),
});
export type PolishOutput = z.infer<typeof PolishOutput>;

export { ItineraryItem };
