import { z } from "zod";
import { EXPENSE_CATEGORIES } from "@/lib/db/schema";
import { ClientKey } from "@/lib/schemas/offline";
import { typedText } from "@/lib/schemas/text";

/**
 * What the Costs page, the assistant and MCP send to add, edit and settle expenses. Amounts are
 * typed in major units as decimal text ("84", "84.50") and turned into minor units with the
 * currency's own exponent where the currency is known (lib/actions/costs.ts); nothing here is a float.
 */

export const MAX_EXPENSE_DESCRIPTION = 120;

export const EXPENSE_CATEGORY_LABELS: Record<(typeof EXPENSE_CATEGORIES)[number], string> = {
  stay: "Stay",
  travel: "Travel",
  food: "Food",
  activities: "Activities",
  "local-transport": "Local transport",
  other: "Other",
};

const TripId = z.uuid().describe("The trip");
const MemberId = z.uuid().describe("A member of the trip");
export const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "Use a three-letter currency code such as EUR or USD")
  .describe("ISO 4217 currency code (EUR, USD, JPY…)");
/** Major units as typed: digits with an optional decimal part. Checked against the currency's minor units later. */
export const MajorAmount = z
  .string()
  .trim()
  .regex(/^\d{1,9}([.,]\d{1,3})?$/, "Enter an amount such as 84 or 84.50 (no minus sign)")
  .describe('An amount in the currency\'s major units, as text: "84" or "84.50"');

/**
 * One flat object rather than a union by `kind`: Gemini's function declarations accept no `oneOf`, and
 * the assistant's tools are declared from this schema. The refinement asks for the field the kind needs.
 */
const Split = z
  .object({
    kind: z
      .enum(["equal", "shares", "exact"])
      .describe("equal: split equally; shares: by shares; exact: by exact amounts"),
    memberIds: z
      .array(MemberId)
      .min(1, "Choose at least one person")
      .max(60)
      .optional()
      .describe(
        "equal only: who shares it equally; default everyone taking part (less those who opted out of the linked plan item)",
      ),
    shares: z
      .array(
        z.object({ memberId: MemberId, shares: z.number().int().min(0).max(100).describe("Whole shares") }).strict(),
      )
      .min(1)
      .max(60)
      .optional()
      .describe("shares only: each sharer's number of shares (2 shares pays twice 1)"),
    amounts: z
      .array(z.object({ memberId: MemberId, amount: MajorAmount }).strict())
      .min(1)
      .max(60)
      .optional()
      .describe("exact only: each sharer's exact part; they must add up to the expense"),
  })
  .strict()
  .superRefine((split, ctx) => {
    if (split.kind === "shares" && !split.shares)
      ctx.addIssue({ code: "custom", path: ["shares"], message: "Give each sharer's number of shares" });
    if (split.kind === "exact" && !split.amounts)
      ctx.addIssue({ code: "custom", path: ["amounts"], message: "Give each sharer's exact part" });
    for (const field of ["memberIds", "shares", "amounts"] as const) {
      const belongs = { memberIds: "equal", shares: "shares", amounts: "exact" }[field];
      if (split[field] && split.kind !== belongs)
        ctx.addIssue({ code: "custom", path: [field], message: `Only a split by ${belongs} takes ${field}` });
    }
  })
  .describe("How it splits: equally, by shares, or by exact amounts");
export type SplitInput = z.infer<typeof Split>;

const ExpenseFields = {
  tripId: TripId,
  description: typedText({
    min: 1,
    max: MAX_EXPENSE_DESCRIPTION,
    messages: { required: "Say what it was for", tooLong: `Keep it under ${MAX_EXPENSE_DESCRIPTION} characters` },
  }).describe("What it was for (dinner, the boat tour)"),
  amount: MajorAmount,
  currency: CurrencyCode,
  category: z.enum(EXPENSE_CATEGORIES).describe("stay, travel, food, activities, local-transport or other"),
  spentOn: z.iso.date("Use a date like 2026-07-14").describe("The day it was spent (YYYY-MM-DD)"),
  payers: z
    .array(z.object({ memberId: MemberId, amount: MajorAmount }).strict())
    .min(1)
    .max(60)
    .optional()
    .describe("Who paid and how much; default: the person adding it paid it all"),
  split: Split,
  itemKey: z.string().max(120).optional().describe("The plan item it paid for (its key in the plan), if any"),
};

export const AddExpenseInput = z.object({ ...ExpenseFields, clientKey: ClientKey.optional() }).strict();
export type AddExpenseInput = z.infer<typeof AddExpenseInput>;

export const EditExpenseInput = z
  .object({
    ...ExpenseFields,
    expenseId: z.uuid().describe("Which expense"),
    version: z.number().int().min(1).describe("The version of the expense being edited (a stale one is refused)"),
  })
  .strict();
export type EditExpenseInput = z.infer<typeof EditExpenseInput>;

export const DeleteExpenseInput = z
  .object({
    tripId: TripId,
    expenseId: z.uuid().describe("Which expense"),
    version: z.number().int().min(1).describe("The version of the expense being deleted"),
  })
  .strict();

export const RestoreExpenseInput = z
  .object({ tripId: TripId, expenseId: z.uuid().describe("A deleted expense to bring back (undo a delete)") })
  .strict();

export const RecordPaymentInput = z
  .object({
    tripId: TripId,
    fromMemberId: MemberId.describe("Who paid"),
    toMemberId: MemberId.describe("Who was paid"),
    amount: MajorAmount.describe("How much, in the trip's currency"),
  })
  .strict();

export const UndoPaymentInput = z
  .object({ tripId: TripId, paymentId: z.uuid().describe("The payment to undo") })
  .strict();

export const OptOutInput = z
  .object({
    tripId: TripId,
    itemKey: z.string().min(1).max(120).describe("The plan item (its key in the plan)"),
    optedOut: z.boolean().describe("true: I'll skip it; false: count me in again"),
  })
  .strict();

export const DisplayCurrencyInput = z
  .object({
    tripId: TripId,
    currency: CurrencyCode.nullable().describe("The currency to read amounts in; null for the trip's"),
  })
  .strict();

export const TripCurrencyInput = z
  .object({ tripId: TripId, currency: CurrencyCode.describe("The currency the trip balances and settles in") })
  .strict();
