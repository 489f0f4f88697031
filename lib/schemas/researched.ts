import { z } from "zod";
import { MEAL_TIMES, ORIGIN_REGIONS, STRENUOUSNESS, TIMES_OF_DAY, WEEKDAYS } from "@/lib/schemas/catalog";
import { ACCESSIBILITY, ACCOMMODATIONS, DIETARY, VIBES } from "@/lib/schemas/preferences";

/**
 * What the extraction calls read out of grounded research about one place
 * (lib/agents/place-research.ts): three calls made at the same time, one for the place itself
 * (`ResearchedPlaceOverview`), one for its activities (`ResearchedActivities`) and one for its
 * places to eat (`ResearchedMeals`), merged into one `ResearchedPlace`. Every fact carries the number of the research source it
 * came from, as the sources are numbered in the extraction prompt (1-based; 0 = no source
 * says it). Shaped for Gemini's response schema — objects, arrays, enums, numbers and
 * strings, no unions or records — and deliberately loose: lib/facts/researched.ts is the
 * strict gate that drops what has no source and checks the rest against DestinationFacts.
 */

const SourceNumber = z
  .number()
  .int()
  .describe("The number of the research source this fact comes from (1 = the first source); 0 when no source says it.");

const Point = z.object({ lat: z.number(), lon: z.number() });

const Hours = z
  .object({
    open: z.string().describe("HH:MM, 24-hour, local time"),
    close: z.string().describe("HH:MM, 24-hour; earlier than open when it runs past midnight"),
    closedOn: z.array(z.enum(WEEKDAYS)),
  })
  .nullable()
  .describe("Regular opening hours; null when it has no fixed hours (a park, a viewpoint, a trail).");

/**
 * Extracted apart from the areas, so not necessarily one of `areas[].name`: the converter keeps
 * the area of that name, else the nearest one to the item's coordinates (lib/facts/researched.ts).
 */
const AreaName = z.string().describe("The town or district of the place it is in, as the research names it");

const Sourced = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, source: SourceNumber });
const SourcedText = Sourced({ text: z.string() });

export const ResearchedActivity = z.object({
  title: z.string(),
  description: z.string(),
  area: AreaName,
  costUsd: z.number().describe("Per person, whole USD; 0 when free"),
  durationHours: z.number(),
  bestTime: z.enum(TIMES_OF_DAY),
  vibes: z.array(z.enum(VIBES)),
  involvesFood: z.boolean(),
  dietaryOptions: z.array(z.enum(DIETARY)),
  accessibility: z.array(z.enum(ACCESSIBILITY)),
  strenuousness: z.enum(STRENUOUSNESS),
  keywords: z.array(z.string()),
  coordinates: Point,
  hours: Hours,
  tips: z.array(z.string()),
  /** The source that says the venue or operator exists, where it is and when it opens. */
  source: SourceNumber,
  /** The source that states its price (0 when none does, even for a free one nobody states). */
  costSource: SourceNumber,
});
export type ResearchedActivity = z.infer<typeof ResearchedActivity>;

export const ResearchedMeal = z.object({
  name: z.string(),
  description: z.string(),
  area: AreaName,
  coordinates: Point,
  meals: z.array(z.enum(MEAL_TIMES)),
  cuisine: z.string(),
  costUsd: z.number().describe("Typical spend per person for one meal, drinks aside, whole USD"),
  dietaryOptions: z.array(z.enum(DIETARY)),
  accessibility: z.array(z.enum(ACCESSIBILITY)),
  keywords: z.array(z.string()),
  hours: Hours,
  source: SourceNumber,
  costSource: SourceNumber,
});
export type ResearchedMeal = z.infer<typeof ResearchedMeal>;

export const ResearchedPlace = z.object({
  name: z.string(),
  country: z.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string(),
  coordinates: Point,
  /** IANA time zone ("Atlantic/Azores"). */
  timezone: z.string(),
  summary: z.string(),
  vibes: z.array(z.enum(VIBES)),
  accessibility: z.array(z.enum(ACCESSIBILITY)),
  dietary: z.array(z.enum(DIETARY)),
  keywords: z.array(z.string()),
  /** Where the place's basics (name, country, summary) come from. */
  source: SourceNumber,
  dailyCostUsd: Sourced({ budget: z.number(), midrange: z.number(), premium: z.number() }),
  fares: z.array(Sourced({ originRegion: z.enum(ORIGIN_REGIONS), usd: z.number() })),
  climate: z.array(
    Sourced({
      month: z.number().int(),
      highC: z.number(),
      lowC: z.number(),
      rainyDays: z.number(),
      humidity: z.number(),
    }),
  ),
  areas: z.array(Sourced({ name: z.string(), description: z.string(), coordinates: Point })),
  activities: z.array(ResearchedActivity),
  meals: z.array(ResearchedMeal),
  practical: z.object({
    currency: Sourced({ code: z.string().describe("ISO 4217") }),
    languages: Sourced({ names: z.array(z.string()) }),
    emergencyNumber: Sourced({ number: z.string() }),
    airport: Sourced({ code: z.string().describe("IATA"), name: z.string() }),
    airportTransfer: SourcedText,
    localTransport: z.array(SourcedText),
    passes: z.array(SourcedText),
    safety: SourcedText,
    health: SourcedText,
    stayAreas: z.array(
      Sourced({
        area: z.string(),
        why: z.string(),
        tiers: z.array(z.enum(ACCOMMODATIONS)),
        accessibility: z.array(z.enum(ACCESSIBILITY)),
      }),
    ),
  }),
  tips: z.array(SourcedText),
});
export type ResearchedPlace = z.infer<typeof ResearchedPlace>;

/** The place itself: everything but its activities and places to eat (the first of the three calls). */
export const ResearchedPlaceOverview = ResearchedPlace.omit({ activities: true, meals: true });
export type ResearchedPlaceOverview = z.infer<typeof ResearchedPlaceOverview>;

/** The place's activities (the second call). */
export const ResearchedActivities = z.object({ activities: ResearchedPlace.shape.activities });
export type ResearchedActivities = z.infer<typeof ResearchedActivities>;

/** The place's places to eat (the third call). */
export const ResearchedMeals = z.object({ meals: ResearchedPlace.shape.meals });
export type ResearchedMeals = z.infer<typeof ResearchedMeals>;
