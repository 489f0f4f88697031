import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import {
  type ExpenseCategory,
  type ExpensePayerRow,
  type ExpenseRow,
  type ExpenseShareRow,
  expensePayers,
  expenseShares,
  expenses,
  members,
  type PaymentRow,
  payments,
  planItemOptOuts,
  type SplitKind,
  trips,
} from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import type { TripEventBody } from "@/lib/schemas/trip-events";
import { publishTripEvent } from "./trip-events";
import { lockTripRow } from "./trips";

/**
 * The trip's costs (DESIGN.md "Money"): expenses with their payers and shares, payments, and
 * who opted out of which plan item. Every write locks the trip row, checks what it changes
 * belongs to the trip (and, for edits, is the version the caller saw) and announces itself on
 * the trip's live channel in the same transaction.
 */

export type ExpenseWithParts = ExpenseRow & { payers: ExpensePayerRow[]; shares: ExpenseShareRow[] };

export interface TripCosts {
  expenses: ExpenseWithParts[];
  payments: PaymentRow[];
  optOuts: { memberId: string; itemKey: string }[];
}

/** The trip's expenses (not deleted; `withDeleted` too), payments in force and opt-outs, oldest first. */
export async function readTripCosts({
  tripId,
  withDeleted = false,
}: {
  tripId: string;
  withDeleted?: boolean;
}): Promise<TripCosts> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.tripId, tripId), withDeleted ? undefined : isNull(expenses.deletedAt)))
    .orderBy(asc(expenses.spentOn), asc(expenses.createdAt), asc(expenses.id));
  const ids = rows.map((r) => r.id);
  const [payerRows, shareRows, paymentRows, optOuts] = await Promise.all([
    ids.length ? db.select().from(expensePayers).where(inArray(expensePayers.expenseId, ids)) : [],
    ids.length ? db.select().from(expenseShares).where(inArray(expenseShares.expenseId, ids)) : [],
    db
      .select()
      .from(payments)
      .where(and(eq(payments.tripId, tripId), isNull(payments.undoneAt)))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({ memberId: planItemOptOuts.memberId, itemKey: planItemOptOuts.itemKey })
      .from(planItemOptOuts)
      .where(eq(planItemOptOuts.tripId, tripId)),
  ]);
  const group = <R extends { expenseId: string }>(list: R[]) => {
    const by = new Map<string, R[]>();
    for (const r of list) by.set(r.expenseId, [...(by.get(r.expenseId) ?? []), r]);
    return by;
  };
  const payersBy = group(payerRows);
  const sharesBy = group(shareRows);
  return {
    expenses: rows.map((r) => ({ ...r, payers: payersBy.get(r.id) ?? [], shares: sharesBy.get(r.id) ?? [] })),
    payments: paymentRows,
    optOuts,
  };
}

/** One expense of the trip (deleted ones too), or null: an expense of another trip is not found. */
export async function getExpense({ tripId, expenseId }: { tripId: string; expenseId: string }) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, expenseId), eq(expenses.tripId, tripId)));
  return row ?? null;
}

export interface ExpenseWrite {
  description: string;
  category: ExpenseCategory;
  amount: number;
  currency: string;
  rate: string;
  rateDate: string;
  tripCurrency: string;
  tripAmount: number;
  spentOn: string;
  splitKind: SplitKind;
  itemKey: string | null;
  payers: { memberId: string; amount: number }[];
  shares: { memberId: string; weight: number | null; amount: number }[];
}

type CostsChange = Extract<TripEventBody, { kind: "costs.changed" }>["change"];

async function announce(
  tx: Tx,
  tripId: string,
  memberId: string,
  change: CostsChange,
  ids: { expenseId?: string; paymentId?: string },
) {
  await publishTripEvent({ tx, tripId, event: { kind: "costs.changed", memberId, change, ...ids } });
}

const NOT_HERE = () => new AppError("not_found:expense", "That expense isn't in this trip (it may have been deleted).");
const STALE = () =>
  new AppError(
    "conflict:expense-version",
    "Someone changed this expense since you opened it. Nothing was saved: look at it again and redo your change.",
  );

async function writeParts(tx: Tx, expenseId: string, write: ExpenseWrite) {
  await tx.insert(expensePayers).values(write.payers.map((p) => ({ expenseId, ...p })));
  await tx.insert(expenseShares).values(write.shares.map((s) => ({ expenseId, ...s })));
}

/** The trip's currency, read under the trip lock (a currency change can't slip in between). */
function assertTripCurrency(tripCurrency: string, write: ExpenseWrite) {
  if (tripCurrency !== write.tripCurrency)
    throw new AppError(
      "conflict:trip-currency",
      "The trip's currency changed meanwhile. Nothing was saved: try again.",
    );
}

/**
 * The expense a device already sent with this key, if any (deleted since or not): a key sent
 * again answers with what the first send made. Another member's key is refused, not answered.
 */
export async function expenseOfClientKey(
  { tripId, memberId, clientKey }: { tripId: string; memberId: string; clientKey: string },
  tx?: Tx,
): Promise<ExpenseRow | null> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.tripId, tripId), eq(expenses.clientKey, clientKey)));
  if (!row) return null;
  if (row.createdBy !== memberId) throw new AppError("conflict:client-key", "That write key was already used.");
  return row;
}

export async function insertExpense({
  tripId,
  memberId,
  write,
  clientKey,
}: {
  tripId: string;
  memberId: string;
  write: ExpenseWrite;
  /** The device's key for this write: sent again, the first expense comes back (see expenseOfClientKey). */
  clientKey?: string | null;
}): Promise<ExpenseRow> {
  return transaction(async (tx) => {
    const trip = await lockTripRow(tx, tripId);
    // Under the trip's lock, so two sends of one key at once make one expense: the second finds the first's.
    if (clientKey) {
      const first = await expenseOfClientKey({ tripId, memberId, clientKey }, tx);
      if (first) return first;
    }
    assertTripCurrency(trip.currency, write);
    const { payers: _p, shares: _s, ...fields } = write;
    const [row] = await tx
      .insert(expenses)
      .values({ ...fields, tripId, createdBy: memberId, clientKey: clientKey ?? null })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    await writeParts(tx, row.id, write);
    await announce(tx, tripId, memberId, "expense.added", { expenseId: row.id });
    return row;
  });
}

export async function updateExpense({
  tripId,
  expenseId,
  version,
  memberId,
  write,
}: {
  tripId: string;
  expenseId: string;
  version: number;
  memberId: string;
  write: ExpenseWrite;
}): Promise<ExpenseRow> {
  return transaction(async (tx) => {
    const trip = await lockTripRow(tx, tripId);
    assertTripCurrency(trip.currency, write);
    const where = and(eq(expenses.id, expenseId), eq(expenses.tripId, tripId), isNull(expenses.deletedAt));
    const [current] = await tx.select().from(expenses).where(where).for("update");
    if (!current) throw NOT_HERE();
    if (current.version !== version) throw STALE();
    const { payers: _p, shares: _s, ...fields } = write;
    const [row] = await tx
      .update(expenses)
      .set({ ...fields, version: current.version + 1, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) throw new Error("update returned nothing");
    await tx.delete(expensePayers).where(eq(expensePayers.expenseId, expenseId));
    await tx.delete(expenseShares).where(eq(expenseShares.expenseId, expenseId));
    await writeParts(tx, expenseId, write);
    await announce(tx, tripId, memberId, "expense.edited", { expenseId });
    return row;
  });
}

/** Deletes (softly, so it can be undone) or restores an expense; a delete names the version seen. */
export async function setExpenseDeleted({
  tripId,
  expenseId,
  memberId,
  deleted,
  version,
}: {
  tripId: string;
  expenseId: string;
  memberId: string;
  deleted: boolean;
  version?: number;
}): Promise<ExpenseRow> {
  return transaction(async (tx) => {
    await lockTripRow(tx, tripId);
    const where = and(eq(expenses.id, expenseId), eq(expenses.tripId, tripId));
    const [current] = await tx.select().from(expenses).where(where).for("update");
    if (!current || (current.deletedAt !== null) === deleted) {
      if (current && !deleted) throw new AppError("conflict:expense-restored", "That expense is already there.");
      throw NOT_HERE();
    }
    if (version !== undefined && current.version !== version) throw STALE();
    const [row] = await tx
      .update(expenses)
      .set({ deletedAt: deleted ? new Date() : null, version: current.version + 1, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) throw new Error("update returned nothing");
    await announce(tx, tripId, memberId, deleted ? "expense.deleted" : "expense.restored", { expenseId });
    return row;
  });
}

export async function insertPayment({
  tripId,
  recordedBy,
  fromMemberId,
  toMemberId,
  amount,
  currency,
}: {
  tripId: string;
  recordedBy: string;
  fromMemberId: string;
  toMemberId: string;
  amount: number;
  currency: string;
}): Promise<PaymentRow> {
  return transaction(async (tx) => {
    const trip = await lockTripRow(tx, tripId);
    if (trip.currency !== currency)
      throw new AppError(
        "conflict:trip-currency",
        "The trip's currency changed meanwhile. Nothing was saved: try again.",
      );
    const [row] = await tx
      .insert(payments)
      .values({ tripId, recordedBy, fromMemberId, toMemberId, amount, currency })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    await announce(tx, tripId, recordedBy, "payment.recorded", { paymentId: row.id });
    return row;
  });
}

export async function undoPayment({
  tripId,
  paymentId,
  memberId,
}: {
  tripId: string;
  paymentId: string;
  memberId: string;
}): Promise<PaymentRow> {
  return transaction(async (tx) => {
    await lockTripRow(tx, tripId);
    const [row] = await tx
      .update(payments)
      .set({ undoneAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.tripId, tripId), isNull(payments.undoneAt)))
      .returning();
    if (!row) throw new AppError("not_found:payment", "That payment isn't in this trip, or it was undone already.");
    await announce(tx, tripId, memberId, "payment.undone", { paymentId });
    return row;
  });
}

export async function setOptOut({
  tripId,
  memberId,
  itemKey,
  optedOut,
}: {
  tripId: string;
  memberId: string;
  itemKey: string;
  optedOut: boolean;
}): Promise<void> {
  await transaction(async (tx) => {
    await lockTripRow(tx, tripId);
    if (optedOut) await tx.insert(planItemOptOuts).values({ tripId, memberId, itemKey }).onConflictDoNothing();
    else
      await tx
        .delete(planItemOptOuts)
        .where(and(eq(planItemOptOuts.memberId, memberId), eq(planItemOptOuts.itemKey, itemKey)));
    await announce(tx, tripId, memberId, "opt-out.changed", {});
  });
}

export async function setDisplayCurrency({
  tripId,
  memberId,
  currency,
}: {
  tripId: string;
  memberId: string;
  currency: string | null;
}): Promise<void> {
  const db = await getDb();
  await db
    .update(members)
    .set({ displayCurrency: currency })
    .where(and(eq(members.id, memberId), eq(members.tripId, tripId)));
}

/** The trip's currency changes only while no expense or payment was recorded in the old one. */
export async function setTripCurrency({
  tripId,
  memberId,
  currency,
}: {
  tripId: string;
  memberId: string;
  currency: string;
}): Promise<void> {
  await transaction(async (tx) => {
    await lockTripRow(tx, tripId);
    const [spent] = await tx.select({ id: expenses.id }).from(expenses).where(eq(expenses.tripId, tripId)).limit(1);
    const [paid] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.tripId, tripId)).limit(1);
    if (spent || paid)
      throw new AppError(
        "conflict:trip-currency",
        "The trip's currency is fixed once an expense or payment is recorded (each keeps the rate it was converted at).",
      );
    await tx.update(trips).set({ currency, updatedAt: new Date() }).where(eq(trips.id, tripId));
    await announce(tx, tripId, memberId, "currency.changed", {});
  });
}

/** Each member's display currency, where they chose one (the rest read the trip's). */
export async function memberDisplayCurrencies({ tripId }: { tripId: string }): Promise<Map<string, string>> {
  const db = await getDb();
  const rows = await db
    .select({ id: members.id, currency: members.displayCurrency })
    .from(members)
    .where(eq(members.tripId, tripId));
  return new Map(rows.flatMap((r) => (r.currency ? [[r.id, r.currency] as const] : [])));
}

/** Who skips which plan item (the plan shows it to the group). */
export async function listOptOuts({ tripId }: { tripId: string }): Promise<{ memberId: string; itemKey: string }[]> {
  const db = await getDb();
  return db
    .select({ memberId: planItemOptOuts.memberId, itemKey: planItemOptOuts.itemKey })
    .from(planItemOptOuts)
    .where(eq(planItemOptOuts.tripId, tripId));
}
