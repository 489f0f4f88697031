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
  /** Must-haves (null when withheld): "no museums" typed here is an aversion, not an interest. */
  mustHaves: z.array(z.string()).nullable(),
  formVibes: z.array(z.enum(VIBES)),
  hasBudget: z.boolean(),
});
export type NormalizeInput = z.infer<typeof NormalizeInput>;
export const NormalizeOutput = z.object({
  /** Vibes the notes ask for. */
  inferredVibes: z.array(z.enum(VIBES)),
  /** Vibes the notes or must-haves speak against ("I hate museums" → culture): never read as interests. */
  aversions: z.array(z.enum(VIBES)),
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
      country: z.string(),
      region: WorldRegion,
      vibes: z.array(z.string()),
      vibeMatch: z.number(),
      /** Someone in the group lives there. */
      someoneLivesThere: z.boolean(),
      /** A member suggested it (the generator adds it to the picks anyway). */
      suggested: z.boolean().default(false),
      /** The group's must-haves its activities offer. */
      mustHavesMet: z.array(z.string()).default([]),
      /** How many members it leaves out of their own scope ("In my country" / "Abroad"). */
      scopeMisses: z.number().int().default(0),
      /** The group is split on scope and it keeps everyone in theirs (a domestic member's country, abroad for the rest). */
      suitsEverySide: z.boolean().default(false),
    }),
  ),
  /** The group's must-haves, without names. */
  mustHaves: z.array(z.string()).default([]),
  min: z.number().int(),
  max: z.number().int(),
});
export type CandidatesInput = z.infer<typeof CandidatesInput>;
export const CandidatePicks = z.object({
  picks: z.array(z.object({ slug: z.string(), rationale: z.string().max(300) })),
});
export type CandidatePicks = z.infer<typeof CandidatePicks>;

/** Places beyond the catalog the scout proposes for a group (Gemini only). */
export const ScoutPicks = z.object({
  places: z.array(
    z.object({
      /** The place a group bases itself in: a town, an island, a small region ("São Miguel, Azores"). */
      name: z.string().min(2).max(80),
      country: z.string().min(2).max(60),
      why: z.string().max(300),
    }),
  ),
});
export type ScoutPicks = z.infer<typeof ScoutPicks>;

export const ResearchInput = z.object({
  slug: z.string(),
  name: z.string(),
  /** Months the trip touches (empty when the dates are open). */
  months: z.array(z.number().int().min(1).max(12)),
});
export type ResearchInput = z.infer<typeof ResearchInput>;

/** One member as the ranker sees them for one candidate: what of theirs it matches, what they give up. */
export const MemberFit = z.object({
  memberId: z.string(),
  name: z.string(),
  /** Liked vibes of theirs the destination has. */
  gets: z.array(z.string()),
  /** Liked vibes of theirs it lacks. */
  missing: z.array(z.string()),
  /** Vibes they dislike that it is known for. */
  dislikes: z.array(z.string()),
  livesThere: z.boolean(),
  /** It leaves them out of the scope they asked for (outside their country, or in it when they want abroad). */
  outOfScope: z.boolean().default(false),
});
export type MemberFit = z.infer<typeof MemberFit>;

/** What the shortlist weighs per candidate: fit per member, spread and stretch (no activities: cards have those). */
const ShortlistCandidate = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  vibeMatch: z.number(),
  vibes: z.array(z.string()),
  /** How many members go over their own budget there (their names and amounts are private). */
  stretchCount: z.number().int(),
  nights: z.number().int(),
  keywords: z.array(z.string()),
  summary: z.string(),
  members: z.array(MemberFit),
  /** The group is split on scope and it keeps everyone in theirs: preferred. */
  suitsEverySide: z.boolean().default(false),
  /** Activities there that suit every member's hard constraints. */
  activityCount: z.number().int(),
});

export const ShortlistInput = z.object({
  groupVibes: z.array(z.string()),
  /** Vibes someone dislikes: never claim the group wants them. */
  aversions: z.array(z.string()),
  budgetConflict: z.boolean(),
  min: z.number().int(),
  max: z.number().int(),
  candidates: z.array(ShortlistCandidate),
});
export type ShortlistInput = z.infer<typeof ShortlistInput>;
export type ShortlistCandidate = z.infer<typeof ShortlistCandidate>;

export const ShortlistOutput = z.object({
  /** Best first: the order the cards are shown in. */
  picks: z.array(z.object({ slug: z.string(), reason: z.string().min(3).max(200) })),
});
export type ShortlistOutput = z.infer<typeof ShortlistOutput>;

/** One card's facts: the destination with its activities, climate and sources, and the group's fit. */
export const CardInput = z.object({
  groupVibes: z.array(z.string()),
  aversions: z.array(z.string()),
  needs: z.array(z.string()),
  datesPending: z.boolean(),
  candidate: ShortlistCandidate.omit({ activityCount: true }).extend({
    verified: z.boolean(),
    climate: z.string().nullable(),
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
});
export type CardInput = z.infer<typeof CardInput>;
export type CardCandidate = CardInput["candidate"];

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
