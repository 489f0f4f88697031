import "server-only";
import type { Caller } from "@/lib/auth/guards";
import {
  type ExpenseWrite,
  expenseOfClientKey,
  getExpense,
  insertExpense,
  insertPayment,
  readTripCosts,
  setDisplayCurrency,
  setExpenseDeleted,
  setOptOut,
  setTripCurrency,
  undoPayment,
  updateExpense,
} from "@/lib/db/queries/costs";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/limits/rate";
import { currencyOf } from "@/lib/money/currency";
import { parseMajor } from "@/lib/money/display";
import { quote, rateToString } from "@/lib/money/rates";
import { currentRates } from "@/lib/money/rates-provider";
import { convertAmount, defaultSharers, payersOf, SplitError, type SplitRule, sharesOf } from "@/lib/money/split";
import {
  AddExpenseInput,
  DeleteExpenseInput,
  DisplayCurrencyInput,
  EditExpenseInput,
  OptOutInput,
  RecordPaymentInput,
  RestoreExpenseInput,
  TripCurrencyInput,
  UndoPaymentInput,
} from "@/lib/schemas/costs";
import { refuseInstructions } from "@/lib/screened-answers";
import { costsSummary } from "@/lib/views/costs-summary";
import { tripAction } from "./define";

/**
 * The trip's costs: any member adds, edits or deletes an expense, records or undoes a
 * payment, opts out of a plan item and picks the currency they read amounts in. Everything is
 * checked here, at the boundary, before anything is written: a currency we can't convert, an
 * amount below a minor unit or beyond what a trip spends, a payer or sharer who isn't in the
 * trip, payers or exact parts that don't add up — each refused with what to fix, nothing saved.
 */

/** Beyond this (in US dollars, at the shipped rates) an amount is a typo, not an expense. */
export const MAX_EXPENSE_USD = 250_000;

function invalid(field: string, message: string): AppError {
  return new AppError("invalid:costs", message, { [field]: message });
}

/** A currency we know (ISO 4217) and hold a rate for. */
function knownCurrency(code: string, field = "currency") {
  const currency = currencyOf(code);
  if (!currency) throw invalid(field, `"${code}" isn't a currency code we know (ISO 4217, like EUR or USD).`);
  if (!quote(currency.code, "USD")) throw invalid(field, `We have no exchange rate for ${currency.code} yet.`);
  return currency;
}

function minorUnits(text: string, currency: string, field: string): number {
  const minor = parseMajor(text.replace(",", "."), currency);
  const exponent = currencyOf(currency)?.exponent ?? 2;
  if (minor === null)
    throw invalid(
      field,
      exponent === 0
        ? `${currency} has no decimals: enter a whole amount.`
        : `Enter an amount with at most ${exponent} decimals.`,
    );
  return minor;
}

function notAbsurd(minor: number, currency: string, field: string) {
  const usd = quote(currency, "USD");
  const inUsd = usd ? convertAmount(minor, currency, "USD", usd.rate) : minor;
  if (inUsd > MAX_EXPENSE_USD * 100)
    throw invalid(field, `That is more than ${MAX_EXPENSE_USD.toLocaleString("en-US")} US dollars: check the amount.`);
}

async function buildWrite(caller: Caller, input: AddExpenseInput): Promise<ExpenseWrite> {
  const tripCurrency = caller.trip.currency;
  const currency = knownCurrency(input.currency).code;
  const amount = minorUnits(input.amount, currency, "amount");
  if (amount <= 0) throw invalid("amount", "An expense is more than zero.");
  notAbsurd(amount, currency, "amount");
  const memberIds = (await listMembersWithPreferences({ tripId: caller.trip.id })).map((m) => m.id);
  const inTrip = new Set(memberIds);
  const mustBeMember = (id: string, field: string) => {
    if (!inTrip.has(id)) throw invalid(field, "That person isn't a member of this trip.");
  };
  const payers = (input.payers ?? [{ memberId: caller.member.id, amount: input.amount }]).map((p, i) => {
    mustBeMember(p.memberId, `payers.${i}.memberId`);
    return { memberId: p.memberId, amount: minorUnits(p.amount, currency, `payers.${i}.amount`) };
  });
  let split: SplitRule;
  if (input.split.kind === "equal") {
    let ids = input.split.memberIds;
    if (!ids) {
      const { optOuts } = await readTripCosts({ tripId: caller.trip.id });
      const out = input.itemKey ? optOuts.filter((o) => o.itemKey === input.itemKey).map((o) => o.memberId) : [];
      ids = defaultSharers(memberIds, out);
    }
    for (const [i, id] of ids.entries()) mustBeMember(id, `split.memberIds.${i}`);
    split = { kind: "equal", memberIds: ids };
  } else if (input.split.kind === "shares") {
    // The schema's refinement makes `shares` present for this kind (and `amounts` for "exact").
    const shares = input.split.shares ?? [];
    for (const [i, s] of shares.entries()) mustBeMember(s.memberId, `split.shares.${i}.memberId`);
    split = { kind: "shares", shares };
  } else {
    split = {
      kind: "exact",
      amounts: (input.split.amounts ?? []).map((a, i) => {
        mustBeMember(a.memberId, `split.amounts.${i}.memberId`);
        return { memberId: a.memberId, amount: minorUnits(a.amount, currency, `split.amounts.${i}.amount`) };
      }),
    };
  }
  const expense = { amount, currency, payers, split };
  let paid: { memberId: string; amount: number }[];
  let owed: { memberId: string; amount: number }[];
  try {
    paid = payersOf(expense);
    owed = sharesOf(expense);
  } catch (error) {
    if (error instanceof SplitError) throw new AppError("invalid:split", error.message, { split: error.message });
    throw error;
  }
  const { table } = await currentRates();
  const rate = quote(currency, tripCurrency, table);
  if (!rate) throw invalid("currency", `We have no exchange rate from ${currency} to ${tripCurrency} yet.`);
  const weights = new Map(split.kind === "shares" ? split.shares.map((s) => [s.memberId, s.shares]) : []);
  return {
    description: input.description,
    category: input.category,
    amount,
    currency,
    rate: rateToString(rate.rate),
    rateDate: rate.date,
    tripCurrency,
    tripAmount: convertAmount(amount, currency, tripCurrency, rate.rate),
    spentOn: input.spentOn,
    splitKind: split.kind,
    itemKey: input.itemKey ?? null,
    payers: paid,
    shares: owed.map((o) => ({ ...o, weight: weights.get(o.memberId) ?? null })),
  };
}

/** A plan item's key must name an item of the trip's current plan (an unknown or stale key is refused). */
async function mustBePlanItem(caller: Caller, itemKey: string, field: string) {
  const plan = await currentItinerary({ tripId: caller.trip.id });
  if (!plan) throw invalid(field, "The trip has no plan yet, so there is no plan item to name.");
  if (!plan.itinerary.days.some((d) => d.items.some((i) => i.key === itemKey)))
    throw invalid(field, "That isn't an item of the current plan (it may have been replaced): pick one from the plan.");
}

const DESCRIBE_NOT_INSTRUCT = "Say what was bought, not instructions for the AI.";

export const addExpense = tripAction({
  name: "addExpense",
  description:
    'Adds an expense to the trip\'s costs: what, amount and currency, date, category, who paid (default: you) and how it splits (equally, by shares or exact amounts). "I paid 84 euros for dinner, split with everyone but Sam."',
  access: "member",
  effect: "write",
  input: AddExpenseInput,
  async run({ input, caller }) {
    // Sent before (the device's outbox tried again): the first outcome, without counting as another save.
    const first = input.clientKey
      ? await expenseOfClientKey({ tripId: caller.trip.id, memberId: caller.member.id, clientKey: input.clientKey })
      : null;
    if (first)
      return {
        expenseId: first.id,
        version: first.version,
        tripAmount: first.tripAmount,
        tripCurrency: first.tripCurrency,
      };
    refuseInstructions({ description: input.description }, DESCRIBE_NOT_INSTRUCT);
    await consume("save", caller.member.id);
    const write = await buildWrite(caller, input);
    const row = await insertExpense({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      write,
      clientKey: input.clientKey ?? null,
    });
    return { expenseId: row.id, version: row.version, tripAmount: row.tripAmount, tripCurrency: row.tripCurrency };
  },
});

export const editExpense = tripAction({
  name: "editExpense",
  description: "Changes an expense (any member); names the version being edited, and a stale one is refused.",
  access: "member",
  effect: "write",
  input: EditExpenseInput,
  async run({ input, caller }) {
    refuseInstructions({ description: input.description }, DESCRIBE_NOT_INSTRUCT);
    await consume("save", caller.member.id);
    if (!(await getExpense({ tripId: caller.trip.id, expenseId: input.expenseId })))
      throw new AppError("not_found:expense", "That expense isn't in this trip (it may have been deleted).");
    const write = await buildWrite(caller, input);
    const row = await updateExpense({
      tripId: caller.trip.id,
      expenseId: input.expenseId,
      version: input.version,
      memberId: caller.member.id,
      write,
    });
    return { expenseId: row.id, version: row.version };
  },
});

export const deleteExpense = tripAction({
  name: "deleteExpense",
  description: "Deletes an expense (it can be brought back with restoreExpense); names the version being deleted.",
  access: "member",
  effect: "write",
  input: DeleteExpenseInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    const row = await setExpenseDeleted({
      tripId: caller.trip.id,
      expenseId: input.expenseId,
      memberId: caller.member.id,
      deleted: true,
      version: input.version,
    });
    return { expenseId: row.id, version: row.version };
  },
});

export const restoreExpense = tripAction({
  name: "restoreExpense",
  description: "Brings back a deleted expense (undoes a delete).",
  access: "member",
  effect: "write",
  input: RestoreExpenseInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    const row = await setExpenseDeleted({
      tripId: caller.trip.id,
      expenseId: input.expenseId,
      memberId: caller.member.id,
      deleted: false,
    });
    return { expenseId: row.id, version: row.version };
  },
});

export const recordPayment = tripAction({
  name: "recordPayment",
  description:
    'Records that one member paid another, in the trip\'s currency ("Ana paid Ben 40"), towards settling up.',
  access: "member",
  effect: "write",
  input: RecordPaymentInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    const currency = caller.trip.currency;
    const amount = minorUnits(input.amount, currency, "amount");
    if (amount <= 0) throw invalid("amount", "A payment is more than zero.");
    notAbsurd(amount, currency, "amount");
    if (input.fromMemberId === input.toMemberId) throw invalid("toMemberId", "A payment goes to someone else.");
    const ids = new Set((await listMembersWithPreferences({ tripId: caller.trip.id })).map((m) => m.id));
    if (!ids.has(input.fromMemberId)) throw invalid("fromMemberId", "That person isn't a member of this trip.");
    if (!ids.has(input.toMemberId)) throw invalid("toMemberId", "That person isn't a member of this trip.");
    const row = await insertPayment({
      tripId: caller.trip.id,
      recordedBy: caller.member.id,
      fromMemberId: input.fromMemberId,
      toMemberId: input.toMemberId,
      amount,
      currency,
    });
    return { paymentId: row.id, amount: row.amount, currency: row.currency };
  },
});

export const undoRecordedPayment = tripAction({
  name: "undoRecordedPayment",
  description: "Undoes a recorded payment (it no longer counts towards settling up).",
  access: "member",
  effect: "write",
  input: UndoPaymentInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    const row = await undoPayment({ tripId: caller.trip.id, paymentId: input.paymentId, memberId: caller.member.id });
    return { paymentId: row.id };
  },
});

export const optOutOfPlanItem = tripAction({
  name: "optOutOfPlanItem",
  description:
    "\"I'll skip the boat tour\": you don't take part in a plan item (an expense linked to it splits among those who do), or you take part again.",
  access: "member",
  effect: "write",
  input: OptOutInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    await mustBePlanItem(caller, input.itemKey, "itemKey");
    await setOptOut({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      itemKey: input.itemKey,
      optedOut: input.optedOut,
    });
    return { itemKey: input.itemKey, optedOut: input.optedOut };
  },
});

export const setMyDisplayCurrency = tripAction({
  name: "setMyDisplayCurrency",
  description: "Chooses the currency you read the trip's amounts in (null: the trip's own).",
  access: "member",
  effect: "write",
  input: DisplayCurrencyInput,
  async run({ input, caller }) {
    const currency = input.currency === null ? null : knownCurrency(input.currency).code;
    await setDisplayCurrency({ tripId: caller.trip.id, memberId: caller.member.id, currency });
    return { currency };
  },
});

export const setTripCostCurrency = tripAction({
  name: "setTripCostCurrency",
  description: "The organizer sets the currency the trip balances and settles in (before any expense is recorded).",
  access: "organizer",
  effect: "write",
  input: TripCurrencyInput,
  async run({ input, caller }) {
    const currency = knownCurrency(input.currency).code;
    await setTripCurrency({ tripId: caller.trip.id, memberId: caller.member.id, currency });
    return { currency };
  },
});

/** The balances and settle-up as a tool reads them (expenses and balances are the group's). */
export async function readBalancesFor(caller: Caller) {
  const members = await listMembersWithPreferences({ tripId: caller.trip.id });
  const costs = await readTripCosts({ tripId: caller.trip.id });
  return costsSummary(costs, members, caller.trip.currency);
}
