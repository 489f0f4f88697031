import { z } from "zod";
import { ACCESSIBILITY, ACCOMMODATIONS, DIETARY, VIBES } from "@/lib/schemas/preferences";

/**
 * The offline destination knowledge base (lib/catalog). The offline model answers
 * from it, the research agent reads its facts, and the validators check every
 * highlight and source against it. Money is whole USD per person.
 */

export const WORLD_REGIONS = [
  "north-america",
  "latin-america",
  "europe",
  "africa",
  "middle-east",
  "asia",
  "oceania",
] as const;
export const WorldRegion = z.enum(WORLD_REGIONS);
export type WorldRegion = z.infer<typeof WorldRegion>;

/** Where travellers fly from; a member's free-text origin is mapped onto one of these. */
export const ORIGIN_REGIONS = [
  "us-east",
  "us-central",
  "us-west",
  "canada",
  "latin-america",
  "europe",
  "africa",
  "middle-east",
  "asia",
  "oceania",
] as const;
export const OriginRegion = z.enum(ORIGIN_REGIONS);
export type OriginRegion = z.infer<typeof OriginRegion>;

export const TIMES_OF_DAY = ["morning", "afternoon", "evening", "any"] as const;
export const STRENUOUSNESS = ["easy", "moderate", "strenuous"] as const;
export const MEAL_TIMES = ["breakfast", "lunch", "dinner"] as const;
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

const Slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "kebab-case slug");
const Usd = z.number().int().nonnegative();
const Keyword = z.string().regex(/^[a-z0-9][a-z0-9 -]*$/, "lower-case keyword");

export const Coordinates = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).strict();
export type Coordinates = z.infer<typeof Coordinates>;

const ClockTime = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, "HH:MM, 24-hour");

/**
 * When a venue is open, local time. `close` earlier than `open` runs past midnight
 * ("18:00"–"02:00"). null on the venue = no fixed hours (a park, a viewpoint, a street).
 */
export const OpeningHours = z
  .object({ open: ClockTime, close: ClockTime, closedOn: z.array(z.enum(WEEKDAYS)) })
  .strict()
  .refine((h) => h.open !== h.close, "open and close can't be the same time");
export type OpeningHours = z.infer<typeof OpeningHours>;

export const Source = z.object({ title: z.string().min(2), url: z.url() }).strict();
export type Source = z.infer<typeof Source>;

/** One of Google's search suggestions for a grounded answer: the query's words and its Google Search link. */
export const SearchSuggestion = z.object({ label: z.string().min(1).max(120), url: z.url() }).strict();
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;

export const CatalogActivity = z
  .object({
    /** Unique within its destination. */
    id: Slug,
    title: z.string().min(3).max(100),
    description: z.string().min(20).max(400),
    /** Must be one of the destination's `areas[].name`. */
    area: z.string().min(2),
    costUsd: Usd,
    durationHours: z.number().positive().max(14),
    bestTime: z.enum(TIMES_OF_DAY),
    vibes: z.array(z.enum(VIBES)).min(1),
    /** A meal or tasting is part of it (then `dietaryOptions` says which needs it serves). */
    involvesFood: z.boolean(),
    dietaryOptions: z.array(z.enum(DIETARY)),
    /** Needs this activity accommodates as delivered (e.g. a step-free route exists). */
    accessibility: z.array(z.enum(ACCESSIBILITY)),
    strenuousness: z.enum(STRENUOUSNESS),
    /** Words a hard no might name: "hiking", "boat", "heights", "crowds", "alcohol", "animals"… */
    keywords: z.array(Keyword),
    /** Where it starts (the venue, the meeting point, the trailhead). */
    coordinates: Coordinates,
    /** The venue's regular opening hours; null = no fixed hours. */
    hours: OpeningHours.nullable(),
    /** Practical advice a traveler acts on ("book the 9 am slot online; lines are long by 11"). */
    tips: z.array(z.string().min(10).max(200)).min(1).max(3),
    /** Where the facts above come from (the venue's or operator's own page where one exists). */
    source: Source,
  })
  .strict();
export type CatalogActivity = z.infer<typeof CatalogActivity>;

/** A place to eat, placed in an itinerary's day as lunch or dinner (breakfast where it says so). */
export const CatalogMeal = z
  .object({
    /** Unique within its destination, and distinct from every activity id. */
    id: Slug,
    /** The venue's real name. */
    name: z.string().min(2).max(100),
    description: z.string().min(20).max(300),
    /** Must be one of the destination's `areas[].name`. */
    area: z.string().min(2),
    coordinates: Coordinates,
    meals: z.array(z.enum(MEAL_TIMES)).min(1),
    cuisine: z.string().min(3).max(60),
    /** Typical spend per person for one meal, drinks aside. */
    costUsd: Usd,
    /** Needs it serves reliably: diets on the menu, and allergies the kitchen handles. */
    dietaryOptions: z.array(z.enum(DIETARY)),
    accessibility: z.array(z.enum(ACCESSIBILITY)),
    /** Words a hard no might name: "seafood", "alcohol", "meat", "spicy", "crowds"… */
    keywords: z.array(Keyword),
    hours: OpeningHours.nullable(),
    source: Source,
  })
  .strict();
export type CatalogMeal = z.infer<typeof CatalogMeal>;

export const MonthClimate = z
  .object({
    month: z.number().int().min(1).max(12),
    highC: z.number().min(-30).max(50),
    lowC: z.number().min(-40).max(40),
    rainyDays: z.number().int().min(0).max(31),
    /** Average relative humidity, percent. */
    humidity: z.number().int().min(0).max(100),
  })
  .strict()
  .refine((m) => m.lowC <= m.highC, "low must not exceed high");
export type MonthClimate = z.infer<typeof MonthClimate>;

/** What a traveler needs to know before going, with the sources it comes from. */
export const PracticalInfo = z
  .object({
    /** ISO 4217. */
    currency: z.string().regex(/^[A-Z]{3}$/),
    languages: z.array(z.string().min(2)).min(1),
    emergencyNumber: z.string().regex(/^[0-9]{2,4}$/),
    airport: z.object({ code: z.string().regex(/^[A-Z]{3}$/), name: z.string().min(3) }).strict(),
    /** From the airport to the centre: modes, time and cost. */
    airportTransfer: z.string().min(20).max(300),
    localTransport: z.array(z.string().min(10).max(200)).min(1).max(4),
    /** City or transit passes worth knowing about (may be empty). */
    passes: z.array(z.string().min(10).max(200)).max(3),
    safety: z.string().min(20).max(300),
    health: z.string().min(20).max(300),
    /** Where to base the group: 2–3 of the destination's areas, and why. */
    stayAreas: z
      .array(
        z
          .object({
            area: z.string().min(2),
            why: z.string().min(20).max(250),
            tiers: z.array(z.enum(ACCOMMODATIONS)).min(1),
            accessibility: z.array(z.enum(ACCESSIBILITY)),
          })
          .strict(),
      )
      .min(2)
      .max(3),
    sources: z.array(Source).min(1),
  })
  .strict();
export type PracticalInfo = z.infer<typeof PracticalInfo>;

/** Every field a destination's facts have; the catalog and researched facts differ in how complete they must be. */
const destinationShape = {
  slug: Slug,
  name: z.string().min(2),
  country: z.string().min(2),
  /** ISO 3166-1 alpha-2; "US" is domestic. */
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  region: WorldRegion,
  coordinates: Coordinates,
  /** IANA time zone ("Europe/Lisbon"): calendars and opening hours are in it. */
  timezone: z.string().min(3),
  summary: z.string().min(40).max(400),
  vibes: z.array(z.enum(VIBES)).min(2),
  /** Lodging, food and local transport per person per day, by accommodation tier. */
  dailyCostUsd: z.record(z.enum(ACCOMMODATIONS), Usd),
  /** Typical round trip per person from each origin region. */
  gettingThereUsd: z.record(OriginRegion, Usd),
  climate: z.array(MonthClimate).length(12),
  areas: z
    .array(
      z
        .object({
          name: z.string().min(2),
          description: z.string().min(10).max(300),
          coordinates: Coordinates,
        })
        .strict(),
    )
    .min(3),
  /** Needs the destination as a whole can serve (transport, lodging, main sights). */
  accessibility: z.array(z.enum(ACCESSIBILITY)),
  /** Diets restaurants there commonly serve well. */
  dietary: z.array(z.enum(DIETARY)),
  /** Words a hard no might name about the place itself: "long flight", "cold", "crowds", "altitude"… */
  keywords: z.array(Keyword),
  activities: z.array(CatalogActivity).min(15),
  meals: z.array(CatalogMeal),
  practical: PracticalInfo,
  tips: z.array(z.string().min(10).max(300)).min(3),
  sources: z.array(Source).min(2),
};

type DestinationChecked = {
  areas: { name: string }[];
  activities: { id: string; area: string }[];
  meals: { id: string; area: string }[];
  practical: { stayAreas: { area: string }[] };
  climate: { month: number }[];
  dailyCostUsd: Record<(typeof ACCOMMODATIONS)[number], number>;
};

/** The checks across fields every destination's facts pass: known areas, unique ids, months in order, costs in order. */
function crossCheck(d: DestinationChecked, ctx: z.RefinementCtx, months: "all twelve" | "increasing") {
  const areas = new Set(d.areas.map((a) => a.name));
  const ids = new Set<string>();
  const items: [string, { id: string; area: string }[]][] = [
    ["activities", d.activities],
    ["meals", d.meals ?? []],
  ];
  for (const [key, list] of items) {
    list.forEach((a, i) => {
      if (!areas.has(a.area)) {
        ctx.addIssue({ code: "custom", path: [key, i, "area"], message: `unknown area "${a.area}"` });
      }
      if (ids.has(a.id)) ctx.addIssue({ code: "custom", path: [key, i, "id"], message: "duplicate id" });
      ids.add(a.id);
    });
  }
  d.practical?.stayAreas.forEach((s, i) => {
    if (!areas.has(s.area)) {
      ctx.addIssue({
        code: "custom",
        path: ["practical", "stayAreas", i, "area"],
        message: `unknown area "${s.area}"`,
      });
    }
  });
  d.climate.forEach((m, i) => {
    if (months === "all twelve" && m.month !== i + 1) {
      ctx.addIssue({ code: "custom", path: ["climate", i], message: "months in order 1..12" });
    }
    const before = d.climate[i - 1];
    if (months === "increasing" && before && m.month <= before.month) {
      ctx.addIssue({ code: "custom", path: ["climate", i], message: "months in increasing order, each once" });
    }
  });
  if (d.dailyCostUsd.budget > d.dailyCostUsd.midrange || d.dailyCostUsd.midrange > d.dailyCostUsd.premium) {
    ctx.addIssue({ code: "custom", path: ["dailyCostUsd"], message: "budget ≤ midrange ≤ premium" });
  }
}

export const CatalogDestination = z
  .object(destinationShape)
  .strict()
  .superRefine((d, ctx) => crossCheck(d, ctx, "all twelve"));
export type CatalogDestination = z.infer<typeof CatalogDestination>;
export type CatalogDestinationInput = z.input<typeof CatalogDestination>;

export const CONTINENTS = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"] as const;
/** Where a destination's facts came from: the catalog at a version, or (later) grounded research. */
export const FACT_SOURCES = ["catalog", "research"] as const;

/**
 * A destination's facts as agents read them and as a run records them (the
 * `destination_facts` table): the catalog entry, its continent, and which facts these are.
 * Researched facts may be partial — the months and origin regions that were asked about,
 * fewer activities, no meals — so readers look a month up by its `month` (`climateIn`) and
 * a fare by its region, and say "unknown" where there is none.
 */
export const DestinationFacts = z
  .object({
    ...destinationShape,
    /** Some months (each names its own), in increasing order, each once; all twelve in the catalog. */
    climate: z.array(MonthClimate).max(12),
    /** The origin regions a fare is known from (all ten in the catalog). */
    gettingThereUsd: z.partialRecord(OriginRegion, Usd),
    activities: z.array(CatalogActivity).min(4),
    tips: z.array(z.string().min(10).max(300)).min(1),
    sources: z.array(Source).min(1),
    continent: z.enum(CONTINENTS),
    provenance: z
      .object({
        kind: z.enum(FACT_SOURCES),
        version: z.string().min(1),
        /**
         * Researched facts come from grounded search: Google's search suggestions for it,
         * shown wherever they are (Google's display rule), and when it was looked up.
         */
        searchSuggestions: z.array(SearchSuggestion).max(8).optional(),
        researchedAt: z.iso.datetime().optional(),
      })
      .strict(),
  })
  .strict()
  .superRefine((d, ctx) => crossCheck(d, ctx, "increasing"));
export type DestinationFacts = z.infer<typeof DestinationFacts>;
