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

const Slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "kebab-case slug");
const Usd = z.number().int().nonnegative();
const Keyword = z.string().regex(/^[a-z0-9][a-z0-9 -]*$/, "lower-case keyword");

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
  })
  .strict();
export type CatalogActivity = z.infer<typeof CatalogActivity>;

const MonthClimate = z
  .object({
    month: z.number().int().min(1).max(12),
    highC: z.number().min(-30).max(50),
    lowC: z.number().min(-40).max(40),
    rainyDays: z.number().int().min(0).max(31),
  })
  .strict()
  .refine((m) => m.lowC <= m.highC, "low must not exceed high");

export const Source = z.object({ title: z.string().min(2), url: z.url() }).strict();
export type Source = z.infer<typeof Source>;

export const CatalogDestination = z
  .object({
    slug: Slug,
    name: z.string().min(2),
    country: z.string().min(2),
    /** ISO 3166-1 alpha-2; "US" is domestic. */
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    region: WorldRegion,
    coordinates: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).strict(),
    summary: z.string().min(40).max(400),
    vibes: z.array(z.enum(VIBES)).min(2),
    /** Lodging, food and local transport per person per day, by accommodation tier. */
    dailyCostUsd: z.record(z.enum(ACCOMMODATIONS), Usd),
    /** Typical round trip per person from each origin region. */
    gettingThereUsd: z.record(OriginRegion, Usd),
    climate: z.array(MonthClimate).length(12),
    areas: z.array(z.object({ name: z.string().min(2), description: z.string().min(10).max(300) }).strict()).min(3),
    /** Needs the destination as a whole can serve (transport, lodging, main sights). */
    accessibility: z.array(z.enum(ACCESSIBILITY)),
    /** Diets restaurants there commonly serve well. */
    dietary: z.array(z.enum(DIETARY)),
    /** Words a hard no might name about the place itself: "long flight", "cold", "crowds", "altitude"… */
    keywords: z.array(Keyword),
    activities: z.array(CatalogActivity).min(15),
    tips: z.array(z.string().min(10).max(300)).min(3),
    sources: z.array(Source).min(2),
  })
  .strict()
  .superRefine((d, ctx) => {
    const areas = new Set(d.areas.map((a) => a.name));
    const ids = new Set<string>();
    d.activities.forEach((a, i) => {
      if (!areas.has(a.area)) {
        ctx.addIssue({ code: "custom", path: ["activities", i, "area"], message: `unknown area "${a.area}"` });
      }
      if (ids.has(a.id)) ctx.addIssue({ code: "custom", path: ["activities", i, "id"], message: "duplicate id" });
      ids.add(a.id);
    });
    d.climate.forEach((m, i) => {
      if (m.month !== i + 1) ctx.addIssue({ code: "custom", path: ["climate", i], message: "months in order 1..12" });
    });
    if (d.dailyCostUsd.budget > d.dailyCostUsd.midrange || d.dailyCostUsd.midrange > d.dailyCostUsd.premium) {
      ctx.addIssue({ code: "custom", path: ["dailyCostUsd"], message: "budget ≤ midrange ≤ premium" });
    }
  });
export type CatalogDestination = z.infer<typeof CatalogDestination>;
export type CatalogDestinationInput = z.input<typeof CatalogDestination>;
