import { z } from "zod";
import { TIMES_OF_DAY, WorldRegion } from "@/lib/schemas/catalog";
import { VIBES } from "@/lib/schemas/preferences";
import { Confidence } from "@/lib/schemas/recommendations";

/**
 * What each agent asks a model for (the input it sends) and the shape it accepts back.
 * Gemini gets the output schema as its response schema; the offline planner builds the
 * same shapes from the catalog. Everything a model says is parsed here first and then
 * checked by deterministic validators before the pipeline uses it.
 */

export const GuardInput = z.object({
  texts: z.array(z.object({ memberId: z.string(), field: z.string(), text: z.string() })),
});
export type GuardInput = z.infer<typeof GuardInput>;
export const GuardVerdict = z.object({
  flags: z.array(z.object({ memberId: z.string(), field: z.string(), reason: z.string() })),
});
export type GuardVerdict = z.infer<typeof GuardVerdict>;

export const NormalizeInput = z.object({
  memberId: z.string(),
  /** null when the member wrote nothing or the risk guard withheld it. */
  notes: z.string().nullable(),
  formVibes: z.array(z.enum(VIBES)),
  hasBudget: z.boolean(),
});
export type NormalizeInput = z.infer<typeof NormalizeInput>;
export const NormalizeOutput = z.object({
  inferredVibes: z.array(z.enum(VIBES)),
  /** A budget read from the notes ("around $1,500") when the form has none. */
  budgetHint: z.object({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() }).nullable(),
  /** "whatever", "anything works": the member gave no real signal. */
  vague: z.boolean(),
  summary: z.string().max(300),
});
export type NormalizeOutput = z.infer<typeof NormalizeOutput>;

export const ExplainInput = z.object({
  conflicts: z.array(z.object({ kind: z.string(), severity: z.string(), summary: z.string() })),
  responded: z.number().int(),
  pending: z.number().int(),
});
export type ExplainInput = z.infer<typeof ExplainInput>;
export const ExplainOutput = z.object({ headline: z.string().min(3).max(300) });
export type ExplainOutput = z.infer<typeof ExplainOutput>;

export const CandidatesInput = z.object({
  eligible: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      region: WorldRegion,
      vibes: z.array(z.string()),
      vibeMatch: z.number(),
    }),
  ),
  min: z.number().int(),
  max: z.number().int(),
  /** Spread across regions and styles unless the group's vibes are strict. */
  diverse: z.boolean(),
});
export type CandidatesInput = z.infer<typeof CandidatesInput>;
export const CandidatePicks = z.object({
  picks: z.array(z.object({ slug: z.string(), rationale: z.string().max(300) })),
});
export type CandidatePicks = z.infer<typeof CandidatePicks>;

export const ResearchInput = z.object({
  slug: z.string(),
  name: z.string(),
  month: z.number().int().min(1).max(12).nullable(),
});
export type ResearchInput = z.infer<typeof ResearchInput>;

export const RankInput = z.object({
  groupVibes: z.array(z.string()),
  needs: z.array(z.string()),
  budgetConflict: z.boolean(),
  datesPending: z.boolean(),
  min: z.number().int(),
  max: z.number().int(),
  candidates: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      verified: z.boolean(),
      vibeMatch: z.number(),
      vibes: z.array(z.string()),
      cost: z.object({ low: z.number(), high: z.number() }),
      /** Members whose (soft) budget this destination goes over: { id, name, over }. */
      stretches: z.array(z.object({ memberId: z.string(), name: z.string(), over: z.number() })),
      climate: z.string().nullable(),
      keywords: z.array(z.string()),
      activities: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          area: z.string(),
          bestTime: z.enum(TIMES_OF_DAY),
          vibes: z.array(z.string()),
        }),
      ),
      sourceUrls: z.array(z.string()),
    }),
  ),
});
export type RankInput = z.infer<typeof RankInput>;

export const RankedOption = z.object({
  slug: z.string(),
  whyItFits: z.array(z.string().min(3).max(300)).min(1).max(4),
  highlights: z
    .array(
      z.object({
        day: z.union([z.literal(1), z.literal(2)]),
        timeOfDay: z.enum(TIMES_OF_DAY),
        activityId: z.string(),
        title: z.string(),
        area: z.string(),
      }),
    )
    .min(2)
    .max(6),
  tradeoffs: z
    .array(z.object({ summary: z.string().min(3).max(300), memberIds: z.array(z.string()) }))
    .min(1)
    .max(3),
  confidence: Confidence,
  sourceUrls: z.array(z.string()),
});
export type RankedOption = z.infer<typeof RankedOption>;
export const RankOutput = z.object({ options: z.array(RankedOption) });
export type RankOutput = z.infer<typeof RankOutput>;
