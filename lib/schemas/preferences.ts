import { z } from "zod";
import { addDays, daysBetweenInclusive } from "@/lib/dates";
import { budgetCurrencies, formatBudget, MAX_BUDGET_USD, parseMoneyText, wholeUsdWithin } from "@/lib/money/budget";
import { isCurrency } from "@/lib/money/currency";
import { typedText } from "@/lib/schemas/text";

/**
 * The member preference contract (DESIGN.md "Group preferences and aggregation").
 * Parsed by the form on the client, by the server action, when read back from the
 * database's JSON column, and by the aggregation — one schema for all of them.
 * Dates are ISO `YYYY-MM-DD`; a budget is per person for the whole trip, in minor units of
 * the member's own currency (plan figures are whole USD, converted to judge it).
 */

export const VIBES = [
  "beach",
  "city",
  "nature",
  "adventure",
  "culture",
  "food",
  "nightlife",
  "relaxation",
  "history",
  "wellness",
  "shopping",
  "winter-sports",
] as const;
export const DIETARY = [
  "vegetarian",
  "vegan",
  "gluten-free",
  "halal",
  "kosher",
  "dairy-free",
  "nut-allergy",
  "shellfish-allergy",
] as const;
export const ACCESSIBILITY = ["wheelchair", "step-free", "limited-walking", "low-vision", "hearing"] as const;
export const PACES = ["relaxed", "balanced", "packed"] as const;
export const ACCOMMODATIONS = ["budget", "midrange", "premium"] as const;
export const SCOPES = ["domestic", "international", "either"] as const;

export const Vibe = z.enum(VIBES);
export const Dietary = z.enum(DIETARY);
export const Accessibility = z.enum(ACCESSIBILITY);
export type Vibe = z.infer<typeof Vibe>;
export type Dietary = z.infer<typeof Dietary>;
export type Accessibility = z.infer<typeof Accessibility>;

export const MAX_DATE_WINDOWS = 10;
/** How far either way a member's dates may move ("± 3 days"). */
export const MAX_FLEXIBLE_DAYS = 7;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 80;
export const MAX_NOTES_LENGTH = 1000;
export const MAX_ORIGIN_LENGTH = 80;
export const MAX_SUGGESTED_PLACE_LENGTH = 80;
export const MAX_READING_ID = 80;
export const MAX_DISMISSED_READINGS = 40;
/** A single availability window longer than this is almost certainly a typo. */
export const MAX_WINDOW_DAYS = 366;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day between 2000 and 2100, written `YYYY-MM-DD`. */
export const IsoDate = z
  .string("Pick a date")
  .min(1, "Pick a date")
  .regex(ISO_DATE, "Use the format YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "Not a real calendar date")
  .refine((value) => value >= "2000-01-01" && value <= "2100-12-31", "Pick a date between 2000 and 2100");

export const DateWindow = z
  .object({
    start: IsoDate.describe("The window's first day (YYYY-MM-DD)."),
    end: IsoDate.describe("The window's last day (YYYY-MM-DD), inclusive."),
  })
  .strict()
  .refine((w) => w.end >= w.start, { message: "End date must be on or after the start date", path: ["end"] })
  .refine((w) => daysBetweenInclusive(w.start, w.end) <= MAX_WINDOW_DAYS, {
    message: `A window can be at most ${MAX_WINDOW_DAYS} days long`,
    path: ["end"],
  });
export type DateWindow = z.infer<typeof DateWindow>;

const Tag = typedText({
  min: 1,
  max: MAX_TAG_LENGTH,
  messages: { required: "Tags can't be empty", tooLong: `Keep each one under ${MAX_TAG_LENGTH} characters` },
});

/**
 * The home a member confirmed from the gazetteer's suggestions: the place their travel is
 * priced from. `id` is the gazetteer's ("city:3128760"), so the server can check it.
 */
export const HomePlace = z
  .object({
    id: z
      .string()
      .regex(/^city:\d{1,12}$/, "Pick your home from the suggestions")
      .describe("The picked home's id in the gazetteer (city:<number>)."),
    name: z.string().min(1).max(120).describe("The home town's name."),
    /** "Barcelona, Catalonia, Spain": what the member picked, shown back to them. */
    label: z.string().min(1).max(200).describe("The home as picked: town, region, country."),
    country: z.string().min(1).max(80).describe("The home's country."),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .describe("The home's country as a two-letter ISO code."),
    lat: z.number().min(-90).max(90).describe("The home's latitude."),
    lon: z.number().min(-180).max(180).describe("The home's longitude."),
  })
  .strict();
export type HomePlace = z.infer<typeof HomePlace>;

/**
 * A budget as typed (the form, the assistant, MCP) or as stored, read into one shape: minor
 * units of an ISO 4217 currency. Typed amounts may name their currency ("€2000", "2500 EUR",
 * "2.000 €", "$1,200"); a bare number is in `currency`, and without one in US dollars (how
 * every budget was given before currencies, so old answers read as USD). One parser for all
 * of them: `parseMoneyText` in lib/money/budget.ts.
 */
const TypedAmount = z.union([z.number(), z.string().max(40, "Keep the amount short, like €2,000")]);
/** A budget as stored: minor units of `currency`. */
export interface Budget {
  currency: string;
  minAmount: number;
  maxAmount: number;
  hardLimit: boolean;
}
export const Budget = z
  .object({
    currency: z
      .string()
      .max(8)
      .optional()
      .describe("ISO 4217 code of my budget (EUR, JPY, USD…); a bare number is in it. Omitted: US dollars."),
    min: TypedAmount.optional().describe(
      'The least I expect to spend, as typed: "€800", "800 EUR", or a number in `currency`. Omitted: 0.',
    ),
    max: TypedAmount.optional().describe(
      'The most I want to spend, as typed: "€2000", "2500 EUR", "2.000 €", "$1,200", or a number in `currency`.',
    ),
    minAmount: z.number().optional().describe("As stored: the least, in minor units of `currency` (€800 = 80000)."),
    maxAmount: z.number().optional().describe("As stored: the most, in minor units of `currency` (€2,000 = 200000)."),
    hardLimit: z.boolean().describe("true: I can't go over the max at all."),
  })
  .strict()
  .transform((b, ctx): Budget => {
    const issue = (path: string, message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    const known = budgetCurrencies();
    const judgeable = (code: string) => known.includes(code);
    const notJudgeable = (code: string) => `We can't judge a budget in ${code} yet: use one of ${known.join(", ")}`;
    if (b.maxAmount !== undefined) {
      if (b.min !== undefined || b.max !== undefined) return issue("max", "Give the amounts once");
      const code = b.currency?.toUpperCase() ?? "";
      if (!isCurrency(code)) return issue("currency", "Pick a currency");
      if (!judgeable(code)) return issue("currency", notJudgeable(code));
      const minAmount = b.minAmount ?? 0;
      for (const [path, amount] of [
        ["min", minAmount],
        ["max", b.maxAmount],
      ] as const) {
        if (!Number.isSafeInteger(amount)) return issue(path, "Whole minor units only");
        if (amount < 0) return issue(path, "Can't be negative");
      }
      return checked({ currency: code, minAmount, maxAmount: b.maxAmount, hardLimit: b.hardLimit }, issue);
    }
    if (b.minAmount !== undefined) return issue("max", "Enter the most you want to spend");
    const picked = b.currency?.trim().toUpperCase() || "USD";
    if (!isCurrency(picked)) return issue("currency", `“${b.currency}” isn't a currency we know`);
    if (!judgeable(picked)) return issue("currency", notJudgeable(picked));
    if (b.max === undefined || b.max === "") return issue("max", "Enter the most you want to spend");
    const max = parseMoneyText(b.max, picked);
    if (!max.ok) return issue("max", max.message);
    const typedMin = b.min === undefined || b.min === "" ? null : parseMoneyText(b.min, max.money.currency);
    if (typedMin && !typedMin.ok) return issue("min", typedMin.message);
    const min = typedMin?.money ?? { amount: 0, currency: max.money.currency };
    if (min.currency !== max.money.currency)
      return issue("min", `Give both amounts in one currency (the most is in ${max.money.currency})`);
    if (!judgeable(max.money.currency)) return issue("max", notJudgeable(max.money.currency));
    return checked(
      { currency: max.money.currency, minAmount: min.amount, maxAmount: max.money.amount, hardLimit: b.hardLimit },
      issue,
    );
  });

/** The bounds every budget keeps, whichever way it came in. */
function checked(budget: Budget, issue: (path: string, message: string) => never): Budget {
  const over = `That's over our limit (about ${formatBudget({ amount: MAX_BUDGET_USD * 100, currency: "USD" })})`;
  if (wholeUsdWithin({ amount: budget.minAmount, currency: budget.currency }) > MAX_BUDGET_USD)
    return issue("min", over);
  if (wholeUsdWithin({ amount: budget.maxAmount, currency: budget.currency }) > MAX_BUDGET_USD)
    return issue("max", over);
  if (budget.maxAmount < budget.minAmount) return issue("max", "Max must be at least the min");
  return budget;
}

const TagList = z.array(Tag).max(MAX_TAGS, `At most ${MAX_TAGS}`);

export const MemberPreferences = z
  .object({
    dates: z
      .object({
        flexible: z.boolean().describe("true: any dates work for me."),
        windows: z
          .array(DateWindow)
          .max(MAX_DATE_WINDOWS, `At most ${MAX_DATE_WINDOWS} date windows`)
          .describe("When I can travel (at least one unless flexible)."),
        /** "Jun 10–20, but flexible": each window may move this many days either way. */
        flexibleDays: z
          .number()
          .int()
          .min(0)
          .max(MAX_FLEXIBLE_DAYS, `At most ±${MAX_FLEXIBLE_DAYS} days`)
          .optional()
          .describe("How many days each window may move either way."),
      })
      .strict()
      .describe("When I can travel.")
      .refine((d) => d.flexible || d.windows.length > 0, {
        message: "Add at least one date window, or choose “I'm flexible”",
        path: ["windows"],
      }),
    tripLength: z
      .object({
        minDays: z
          .number("Enter a number of days")
          .int("Whole days only")
          .min(1, "At least 1 day")
          .max(30, "At most 30 days")
          .describe("The shortest trip I'd go on, in days."),
        maxDays: z
          .number("Enter a number of days")
          .int("Whole days only")
          .min(1, "At least 1 day")
          .max(30, "At most 30 days")
          .describe("The longest trip I'd go on, in days."),
      })
      .strict()
      .describe("How long a trip I'd go on.")
      .refine((t) => t.minDays <= t.maxDays, {
        message: "The longest trip can't be shorter than the shortest",
        path: ["maxDays"],
      }),
    budget: Budget.nullable().describe(
      "My budget for the whole trip, in my own currency (private: others see only the group's range); null: no budget.",
    ),
    vibes: z.array(Vibe).max(VIBES.length).describe("What I'd enjoy."),
    pace: z.enum(PACES).nullable().describe("How full I like the days; null: no preference."),
    accommodation: z.enum(ACCOMMODATIONS).nullable().describe("Where I'd like to stay; null: no preference."),
    dietary: z.array(Dietary).max(DIETARY.length).describe("What I eat or can't eat."),
    accessibility: z.array(Accessibility).max(ACCESSIBILITY.length).describe("What I need to get around."),
    hardNos: TagList.describe("Things I won't do, in my words."),
    mustHaves: TagList.describe("Things I really want, in my words."),
    scope: z.enum(SCOPES).describe("Domestic, international, or either, as seen from my home."),
    origin: typedText({
      max: MAX_ORIGIN_LENGTH,
      messages: { tooLong: `At most ${MAX_ORIGIN_LENGTH} characters` },
    })
      .nullable()
      .describe("The city I travel from (private); null: not said."),
    /**
     * The home the member confirmed for `origin`, or null when they left it unknown (no
     * travel is priced for them then). Absent in answers saved before homes were confirmed:
     * those are read from `origin` alone, and only an unambiguous reading counts.
     */
    originPlace: HomePlace.nullable()
      .optional()
      .describe("My home picked from the suggestions, or null when I leave it unknown."),
    /**
     * "A place you'd love to go": one destination in the member's own words ("" = none).
     * Optional with a default, so answers saved before the field existed still parse.
     */
    suggestedPlace: typedText({
      max: MAX_SUGGESTED_PLACE_LENGTH,
      messages: { tooLong: `Keep it under ${MAX_SUGGESTED_PLACE_LENGTH} characters: just the place's name` },
    })
      .default("")
      .describe("A place I'd love to go, its name (empty: none)."),
    notes: typedText({
      max: MAX_NOTES_LENGTH,
      multiline: true,
      messages: { tooLong: `At most ${MAX_NOTES_LENGTH} characters` },
    }).describe("Anything else the planner should know, in my words."),

    /**
     * What the product read from the member's words (a time limit, a dislike) that the member
     * set aside as a misreading, by the reading's id (lib/constraints/reading.ts). Theirs only.
     */
    dismissedReadings: z
      .array(
        z
          .string()
          .max(MAX_READING_ID)
          .regex(/^[a-z-]+:[a-z0-9 -]+$/, "Not a reading we made"),
      )
      .max(MAX_DISMISSED_READINGS)
      .optional()
      .describe("Things the planner read from my words that I set aside as misreadings, by reading id."),
  })
  .strict()
  .transform((p) => ({
    ...p,
    // Duplicates carry no meaning; dropping them keeps counts honest.
    vibes: [...new Set(p.vibes)],
    dietary: [...new Set(p.dietary)],
    accessibility: [...new Set(p.accessibility)],
    hardNos: dedupeCaseInsensitive(p.hardNos),
    mustHaves: dedupeCaseInsensitive(p.mustHaves),
    origin: p.origin === "" ? null : p.origin,
  }));
export type MemberPreferences = z.infer<typeof MemberPreferences>;

/** The days a member can travel: their windows, each widened by how flexible they said they are. */
export function availableWindows(dates: {
  windows: { start: string; end: string }[];
  flexibleDays?: number;
}): { start: string; end: string }[] {
  const slack = dates.flexibleDays ?? 0;
  return slack === 0
    ? dates.windows
    : dates.windows.map((w) => ({ start: addDays(w.start, -slack), end: addDays(w.end, slack) }));
}
export type MemberPreferencesInput = z.input<typeof MemberPreferences>;

export function emptyPreferences(): MemberPreferences {
  return {
    dates: { flexible: false, windows: [] },
    tripLength: { minDays: 3, maxDays: 7 },
    budget: null,
    vibes: [],
    pace: null,
    accommodation: null,
    dietary: [],
    accessibility: [],
    hardNos: [],
    mustHaves: [],
    scope: "either",
    origin: null,
    suggestedPlace: "",
    notes: "",
  };
}

function dedupeCaseInsensitive(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
