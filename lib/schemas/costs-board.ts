import { z } from "zod";

/**
 * The costs as one member sees them, on the Costs page, on the dashboard and on the live
 * channel alike (lib/costs-board.ts derives all three): the group's balances and the fewest
 * transfers that settle it (the group's, not private), and the viewer's own standing, share,
 * planned figure and budget. Nobody else's budget or planned figure is ever in it.
 * Amounts are minor units of the currency named beside them.
 */
const Money = z.object({ amount: z.number().int(), currency: z.string().length(3) });

export const CostsBoard = z.object({
  /** The trip's currency: balances and transfers are in it. */
  currency: z.string().length(3),
  /** The viewer's display currency. */
  displayCurrency: z.string().length(3),
  /** Units of the display currency for one of the trip's, as decimal text (null: the same currency). */
  displayRate: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .nullable(),
  /** The date of the rate table in use (amounts in the display currency are at its rates). */
  ratesDate: z.iso.date(),
  total: z.number().int(),
  balances: z.array(z.object({ memberId: z.string().max(60), name: z.string().max(80), balance: z.number().int() })),
  transfers: z.array(
    z.object({
      fromMemberId: z.string().max(60),
      toMemberId: z.string().max(60),
      fromName: z.string().max(80),
      toName: z.string().max(80),
      amount: z.number().int().positive(),
    }),
  ),
  settled: z.boolean(),
  mine: z.object({
    /** Paid − share (with payments), trip currency: positive, the group owes them. */
    balance: z.number().int(),
    /** Their share of what was spent, trip currency. */
    share: z.number().int(),
    /** What the plan says the trip costs them: whole US dollars, and in their display currency. */
    plannedUsd: z.number().int().nullable(),
    planned: Money.nullable(),
    /** Their own budget's ceiling, in their own currency (theirs alone). */
    budget: Money.nullable(),
  }),
});
export type CostsBoard = z.infer<typeof CostsBoard>;
