import { z } from "zod";
import { ACCOMMODATIONS } from "@/lib/schemas/preferences";

/**
 * One member's cost of a trip, line by line (DESIGN.md "Money and constraints"). Whole
 * USD per person. Stored with every card and itinerary; each member is shown their own,
 * the organizer everyone's, the rest of the group only the spread (budgets are private).
 */

/**
 * The food allowance: of the daily figure at a member's stay level (lodging, food and local
 * transport), this share is what a day's meals are planned within. Meals are chosen to fit
 * it; a day whose meals cost more (a tasting menu someone asked for) adds the difference to
 * each member's total as a named extra, worked out against that member's own allowance.
 */
export const FOOD_SHARE_OF_DAILY = 0.5;

export const LedgerLine = z.object({
  /** `food-extra`: a day's meals over the food allowance, one line per such day, named after its priciest meal. */
  item: z.enum(["travel", "stay", "activities", "food-extra"]),
  label: z.string(),
  usd: z.number().int().nonnegative(),
  /** The fact the figure comes from ("4 nights × $180 a night at midrange level"). */
  basis: z.string(),
  /** For a food extra: the meal it is named after (its key in the plan), so the plan can show it there. */
  mealKey: z.string().optional(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

export const MemberCost = z.object({
  memberId: z.string(),
  tier: z.enum(ACCOMMODATIONS),
  /** Why the tier is not the one the member asked for. */
  tierNote: z.string().nullable(),
  lines: z.array(LedgerLine).min(1),
  total: z.number().int().nonnegative(),
  travel: z.object({
    /** "unknown": the member's home isn't confirmed, so nothing about their travel is assumed. */
    mode: z.enum(["home", "ground", "flight", "unknown"]),
    km: z.number().int().nonnegative(),
    hours: z.number().nonnegative(),
  }),
  /** false while the member's home isn't confirmed: no travel line, and the total leaves travel out. */
  verified: z.boolean(),
  /** Said with the figures while travel is left out ("travel not included: …"). Absent in older plans. */
  travelNote: z.string().nullable().optional(),
  /** The member's hard cap can't be checked while their travel is unknown. Absent in older plans. */
  capUnverifiable: z.boolean().optional(),
  /** By how much the total goes over the member's own max (0 when within it). */
  overBy: z.number().int().nonnegative(),
  breaksHardCap: z.boolean(),
});
export type MemberCost = z.infer<typeof MemberCost>;
