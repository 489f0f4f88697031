import { stringify } from "csv-stringify/sync";
import type { ExpenseWithParts } from "@/lib/db/queries/costs";
import { requireCurrency } from "@/lib/money/currency";
import { EXPENSE_CATEGORY_LABELS } from "@/lib/schemas/costs";
import { type CostsSummary, FORMER_NAME } from "@/lib/views/costs-summary";

/**
 * The Costs page's CSV export: the expenses (each in its own currency and the trip's, with the
 * rate and its date), then the settle-up. Amounts are plain decimals with a dot ("84.50"), so
 * every spreadsheet reads them as numbers; text is quoted where it needs to be (csv-stringify),
 * and a cell that starts with = + - @ gets a leading apostrophe so no spreadsheet runs it.
 */

/** Minor units as a plain decimal in the currency's own exponent: 8450 EUR → "84.50", 1500 JPY → "1500". */
export function decimal(amount: number, currency: string): string {
  const { exponent } = requireCurrency(currency);
  const digits = String(Math.abs(amount)).padStart(exponent + 1, "0");
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return amount < 0 ? `-${text}` : text;
}

const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export function costsCsv({
  expenses,
  summary,
  names,
}: {
  expenses: ExpenseWithParts[];
  summary: CostsSummary;
  names: Map<string, string>;
}): string {
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? FORMER_NAME) : FORMER_NAME);
  const people = (rows: { memberId: string | null; amount: number }[], currency: string) =>
    rows.map((r) => `${nameOf(r.memberId)} ${decimal(r.amount, currency)}`).join("; ");
  const trip = summary.currency;
  const rows: string[][] = [
    [
      "Date",
      "Description",
      "Category",
      "Amount",
      "Currency",
      `Amount (${trip})`,
      "Rate",
      "Rate date",
      "Paid by",
      "Split",
    ],
    ...expenses.map((e) => [
      e.spentOn,
      safe(e.description),
      EXPENSE_CATEGORY_LABELS[e.category],
      decimal(e.amount, e.currency),
      e.currency,
      decimal(e.tripAmount, trip),
      e.rate,
      e.rateDate,
      people(e.payers, e.currency),
      people(e.shares, e.currency),
    ]),
    [],
    ["Settle up", "From", "To", `Amount (${trip})`],
    ...(summary.transfers.length
      ? summary.transfers.map((t) => ["", t.fromName, t.toName, decimal(t.amount, trip)])
      : [["All settled", "", "", ""]]),
  ];
  return stringify(rows, { record_delimiter: "\r\n" });
}
