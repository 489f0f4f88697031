import { homeCurrency } from "@/lib/money/budget";
import { currencyOf } from "@/lib/money/currency";
import type {
  ACCOMMODATIONS,
  Accessibility,
  Dietary,
  HomePlace,
  MemberPreferences,
  MemberPreferencesInput,
  PACES,
  SCOPES,
  Vibe,
} from "@/lib/schemas/preferences";

/**
 * The form's own state: what the user typed, as typed (numbers stay strings until
 * submit, so "12a" is shown back with an error instead of being lost).
 */
export interface Draft {
  flexible: boolean;
  windows: { key: number; start: string; end: string }[];
  /** "0".."7": how many days either way the windows may move. */
  flexibleDays: string;
  minDays: string;
  maxDays: string;
  hasBudget: boolean;
  budgetMin: string;
  budgetMax: string;
  /** The currency picked for amounts typed without one; "" = the member's display currency. */
  budgetCurrency: string;
  hardLimit: boolean;
  vibes: Vibe[];
  pace: (typeof PACES)[number] | "none";
  accommodation: (typeof ACCOMMODATIONS)[number] | "none";
  dietary: Dietary[];
  accessibility: Accessibility[];
  hardNos: string[];
  mustHaves: string[];
  scope: (typeof SCOPES)[number];
  origin: string;
  /** The home picked from the suggestions for `origin`; null until one is picked. */
  originPlace: HomePlace | null;
  /** The member chose "Leave my home unknown" for what they typed. */
  originUnknown: boolean;
  suggestedPlace: string;
  notes: string;
  /** Readings of their words the member set aside as misread (lib/constraints/reading.ts). */
  dismissedReadings: string[];
}

let nextKey = 1;
export const windowRow = (start = "", end = "") => ({ key: nextKey++, start, end });

export function draftFrom(p: MemberPreferences): Draft {
  return {
    flexible: p.dates.flexible,
    flexibleDays: String(p.dates.flexibleDays ?? 0),
    windows: p.dates.windows.length > 0 ? p.dates.windows.map((w) => windowRow(w.start, w.end)) : [windowRow()],
    minDays: String(p.tripLength.minDays),
    maxDays: String(p.tripLength.maxDays),
    hasBudget: p.budget !== null,
    // No minimum is stored as 0 and shown as the empty optional field it was typed as.
    budgetMin: p.budget && p.budget.minAmount > 0 ? majorText(p.budget.minAmount, p.budget.currency) : "",
    budgetMax: p.budget ? majorText(p.budget.maxAmount, p.budget.currency) : "",
    budgetCurrency: p.budget?.currency ?? "",
    hardLimit: p.budget?.hardLimit ?? false,
    vibes: p.vibes,
    pace: p.pace ?? "none",
    accommodation: p.accommodation ?? "none",
    dietary: p.dietary,
    accessibility: p.accessibility,
    hardNos: p.hardNos,
    mustHaves: p.mustHaves,
    scope: p.scope,
    origin: p.origin ?? "",
    originPlace: p.originPlace ?? null,
    // Answers from before homes were confirmed (no originPlace at all) are asked again.
    originUnknown: p.originPlace === null && Boolean(p.origin),
    suggestedPlace: p.suggestedPlace,
    notes: p.notes,
    dismissedReadings: p.dismissedReadings ?? [],
  };
}

/** The draft as `MemberPreferences` input; the schema decides whether it is valid. */
export function preferencesFrom(d: Draft, displayCurrency: string | null = null): MemberPreferencesInput {
  return {
    dates: d.flexible
      ? { flexible: true, windows: [] }
      : {
          flexible: false,
          windows: d.windows.map(({ start, end }) => ({ start, end })),
          ...(d.flexibleDays === "0" ? {} : { flexibleDays: Number(d.flexibleDays) }),
        },
    tripLength: { minDays: toNumber(d.minDays), maxDays: toNumber(d.maxDays) },
    // As typed ("€2000", "2.000 €"): the schema reads it, in the picked currency when none is named.
    // Only a ceiling ("up to €1,200") is a budget from 0.
    budget: d.hasBudget
      ? {
          currency: budgetCurrencyOf(d, displayCurrency),
          ...(d.budgetMin.trim() === "" ? {} : { min: d.budgetMin }),
          max: d.budgetMax,
          hardLimit: d.hardLimit,
        }
      : null,
    vibes: d.vibes,
    pace: d.pace === "none" ? null : d.pace,
    accommodation: d.accommodation === "none" ? null : d.accommodation,
    dietary: d.dietary,
    accessibility: d.accessibility,
    hardNos: d.hardNos,
    mustHaves: d.mustHaves,
    scope: d.scope,
    origin: d.origin.trim() === "" ? null : d.origin,
    originPlace: d.origin.trim() === "" ? null : (d.originPlace ?? null),
    suggestedPlace: d.suggestedPlace,
    notes: d.notes,
    // Only set-asides of something still read from the answers are kept.
    ...(d.dismissedReadings.length ? { dismissedReadings: d.dismissedReadings } : {}),
  };
}

/**
 * A home typed but neither picked from the suggestions nor left unknown on purpose: the
 * form asks before saving (never a guess the member didn't see).
 */
export function unconfirmedHome(d: Draft): boolean {
  return d.origin.trim() !== "" && !d.originPlace && !d.originUnknown;
}

export const CONFIRM_HOME_MESSAGE = "Pick your home from the suggestions, or choose “Leave my home unknown”";

/** "" and non-numbers become NaN, which the schema reports as "Enter a number…". */
function toNumber(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/**
 * The currency of amounts typed without one: the one picked, else the member's display
 * currency, else their confirmed home's, else US dollars.
 */
export function budgetCurrencyOf(
  d: Pick<Draft, "budgetCurrency" | "originPlace">,
  displayCurrency: string | null,
): string {
  return d.budgetCurrency || displayCurrency || homeCurrency(d.originPlace?.countryCode) || "USD";
}

/** A stored amount back as plain text to edit (200000 EUR → "2000", 12345 EUR → "123.45"). */
function majorText(amount: number, currency: string): string {
  const exponent = currencyOf(currency)?.exponent ?? 2;
  const digits = String(amount).padStart(exponent + 1, "0");
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? "" : digits.slice(-exponent);
  return /^0*$/.test(fraction) ? whole : `${whole}.${fraction}`;
}

/** The DOM id of the input for a schema path ("budget.max" → "pref-budget-max"). */
export function fieldId(path: string): string {
  return `pref-${path.replace(/\./g, "-")}`;
}
