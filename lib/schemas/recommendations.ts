import { z } from "zod";
import { addDays } from "@/lib/dates";
import { SearchSuggestion, Source, TIMES_OF_DAY, WorldRegion } from "@/lib/schemas/catalog";
import { Conflict, Severity } from "@/lib/schemas/group-profile";
import { MemberCost } from "@/lib/schemas/money";
import { ACCESSIBILITY, IsoDate, VIBES } from "@/lib/schemas/preferences";

/**
 * What the recommendation pipeline hands the group (PRD Flow A): 3–5 destination
 * options, each with why it fits, a per-person cost range, 2-day highlights, honest
 * tradeoffs, a confidence level and sources — plus the group's conflicts in plain words.
 * Stored in `recommendations.payload`, parsed again when read.
 */

export const Confidence = z.enum(["low", "medium", "high"]);
export type Confidence = z.infer<typeof Confidence>;

/**
 * The trip a card or a plan prices: `days` = `nights` + 1, and when it has dates they span
 * exactly those nights. `datesPending`: not everyone can make the dates yet (or the group
 * is flexible and hasn't picked any).
 */
export const TripShape = z
  .object({
    days: z.number().int().min(1).max(31),
    nights: z.number().int().min(0).max(30),
    start: IsoDate.nullable(),
    end: IsoDate.nullable(),
    datesPending: z.boolean(),
    /** Why the trip is shorter than the longest length everyone accepts. */
    lengthNote: z.string().nullable(),
  })
  .refine((t) => t.days === t.nights + 1, "days must be nights + 1")
  .refine((t) => (t.start === null) === (t.end === null), "start and end go together")
  .refine((t) => t.start === null || t.end === addDays(t.start, t.nights), "the dates must span exactly the nights");
export type TripShape = z.infer<typeof TripShape>;

/** Whole USD per person for the whole trip. */
export const MoneyRange = z
  .object({
    low: z.number().int().nonnegative(),
    high: z.number().int().nonnegative(),
    /** What the range covers, e.g. "round-trip flight", "midrange lodging for 5 nights". */
    includes: z.array(z.string().min(1)).min(1),
  })
  .refine((m) => m.low <= m.high, "low must not exceed high");
export type MoneyRange = z.infer<typeof MoneyRange>;

export const Tradeoff = z.object({
  summary: z.string().min(3).max(300),
  /** Members the tradeoff lands on (empty = everyone). */
  memberIds: z.array(z.string()),
});
export type Tradeoff = z.infer<typeof Tradeoff>;

export const Highlight = z.object({
  day: z.union([z.literal(1), z.literal(2)]),
  timeOfDay: z.enum(TIMES_OF_DAY),
  /** An activity id from this destination's research; the grounding validator checks it. */
  activityId: z.string(),
  title: z.string(),
  area: z.string(),
});
export type Highlight = z.infer<typeof Highlight>;

/**
 * consensus: inside everyone's own budget, every hard cap checked; compromise: someone stretches;
 * unchecked: nobody is over as far as can be told, but a member's hard cap can't be checked (no
 * confirmed home to price their travel from), so "inside everyone's budget" isn't claimed.
 */
export const RankingMode = z.enum(["consensus", "compromise", "unchecked"]);
export type RankingMode = z.infer<typeof RankingMode>;

/**
 * What research found about a destination, shown on its card: the text (screened before
 * anything reads it), the sources it rests on, Google's search suggestions for it (shown
 * with grounded text, as Google asks), and when it was looked up.
 */
/** The most of a research text a card shows (and later prompts read). */
export const WEB_SUMMARY_MAX = 1200;

export const WebResearch = z.object({
  summary: z.string().min(1).max(WEB_SUMMARY_MAX),
  sources: z.array(Source).min(1),
  suggestions: z.array(SearchSuggestion).max(8),
  fetchedAt: z.iso.datetime(),
});
export type WebResearch = z.infer<typeof WebResearch>;

const Share = z.object({ accessible: z.number().int().nonnegative(), total: z.number().int().nonnegative() });

export const AccessByVenue = z.object({
  need: z.enum(ACCESSIBILITY),
  activities: Share,
  /** null where the need doesn't matter at a table. */
  meals: Share.nullable(),
  stayAreas: z.array(z.string()).min(1),
});
export type AccessByVenue = z.infer<typeof AccessByVenue>;

export const DestinationOption = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  countryCode: z.string(),
  region: WorldRegion,
  whyItFits: z.array(z.string().min(3).max(300)).min(1).max(4),
  /** The spread of the members' own totals (low rounded down, high rounded up, to $10). */
  costPerPerson: MoneyRange,
  /** Each member's own total, line by line (each viewer sees only what the privacy model allows). */
  costs: z.array(MemberCost),
  trip: TripShape,
  highlights: z.array(Highlight).min(2).max(6),
  /** Tradeoffs in words; budget stretches are shown from `costs`, per viewer, not here. */
  tradeoffs: z.array(Tradeoff).min(1).max(3),
  confidence: Confidence,
  /** consensus, compromise (who stretches: impactedMemberIds) or unchecked (a hard cap can't be checked): see RankingMode. */
  mode: RankingMode,
  impactedMemberIds: z.array(z.string()),
  /**
   * A member's view only: how many other members' hard caps can't be checked here (their home
   * isn't confirmed), so "inside everyone's budget" is never claimed over them. The organizer
   * reads it from the costs (`capUnverifiable`).
   */
  othersCapsUnchecked: z.number().int().nonnegative().optional(),
  /** Members who live there: priced without travel. */
  homeMemberIds: z.array(z.string()),
  /** false when research for it failed: the card says "unverified". */
  verified: z.boolean(),
  sources: z.array(Source),
  /** The research behind the card (absent on cards made before it was kept). */
  web: WebResearch.nullable().optional(),
  /**
   * A place beyond the catalog, researched for this group: the version of its recorded facts
   * (each with a source), and what research said that no source backed, left out.
   */
  researched: z.object({ factsVersion: z.string(), unverified: z.array(z.string()) }).optional(),
  /**
   * Access needs someone in the group has that the place serves venue by venue, not as a
   * whole: how many of its activities and places to eat serve the need, and where to stay.
   * The plan uses only those venues. Needs in aggregate: nobody is named.
   */
  access: z.array(AccessByVenue).optional(),
});
export type DestinationOption = z.infer<typeof DestinationOption>;

export const Question = z.object({
  /** Who should answer (null = the whole group). */
  memberId: z.string().nullable(),
  question: z.string(),
});
export type Question = z.infer<typeof Question>;

/** The conflict explainer's output: every conflict with 1–3 resolutions, and whether planning can go on. */
export const ConflictReport = z.object({
  headline: z.string(),
  conflicts: z.array(Conflict.extend({ suggestedResolutions: z.array(z.string()).min(1).max(3) })),
  /** Planning is impossible until someone answers `questions`. */
  needsMoreInput: z.boolean(),
  questions: z.array(Question),
});
export type ConflictReport = z.infer<typeof ConflictReport>;

/** How much of the group the recommendations rest on. */
export const Coverage = z.object({
  confidence: Confidence,
  respondedIds: z.array(z.string()),
  pendingIds: z.array(z.string()),
  /** Plain-language gaps: "Chen hasn't answered yet", "nobody gave a budget". */
  missing: z.array(z.string()),
});
export type Coverage = z.infer<typeof Coverage>;

/** A destination left out, and whose constraint it would break (memberId null: the group's, jointly). */
export const Exclusion = z.object({
  slug: z.string(),
  name: z.string(),
  reasons: z.array(z.object({ memberId: z.string().nullable(), rule: z.string(), detail: z.string() })).min(1),
});
export type Exclusion = z.infer<typeof Exclusion>;

/** A place members said they'd love to go, as the planner read it (only text the risk guard let through). */
export const Suggestion = z.object({
  /** As the first member to suggest it typed it. */
  text: z.string(),
  /** The catalog destination it names; null when it names none we know yet. */
  slug: z.string().nullable(),
  /** Who suggested it: the organizer sees everyone's, a member only their own. */
  memberIds: z.array(z.string()),
});
export type Suggestion = z.infer<typeof Suggestion>;

/**
 * One member's single change that would open places nobody can go to now: a higher hard
 * cap (`budget`), one hard no let go (`rule`: what our reading of it rules out), either
 * side of home or abroad, or a day less or more. Who and the figure are for the organizer
 * and that member; other members see the kind of change and how many places it opens.
 */
export const Opener = z.object({
  memberId: z.string().nullable(),
  change: z.enum(["budget", "hard-no", "scope", "shorter", "longer"]),
  budget: z.number().int().positive().nullable(),
  rule: z.string().nullable(),
  opens: z.number().int().min(1),
  slugs: z.array(z.string()),
});
export type Opener = z.infer<typeof Opener>;

const PackBase = z.object({
  conflictReport: ConflictReport,
  coverage: Coverage,
  /** Fingerprint of the preferences the pack was built from; the dashboard compares it to flag staleness. */
  preferencesFingerprint: z.string(),
  generatedAt: z.iso.datetime(),
  /** Members whose free text the risk guard withheld (the text itself never travels). */
  flaggedMemberIds: z.array(z.string()),
  /** Destinations left out by someone's hard constraint, with whose and why. */
  excluded: z.array(Exclusion),
  /** Places members suggested: each is a candidate, among `excluded`, or unmatched (`slug` null). Packs from before it had none. */
  suggestions: z.array(Suggestion).default([]),
  /** Members whose home isn't confirmed: their costs leave travel out ("travel not included"). */
  unverifiedOriginIds: z.array(z.string()),
  /** Which facts the pack was made from. */
  factsVersion: z.string(),
  /** The dates and lengths every option was planned within (the validator checks it against the answers). */
  frame: z.object({
    window: z.object({ start: IsoDate, end: IsoDate }).nullable(),
    minDays: z.number().int().min(1),
    maxDays: z.number().int().min(1),
    datesPending: z.boolean(),
  }),
  /** The day the pack was planned on: no date before it. */
  plannedOn: IsoDate,
  /** What the group likes and what someone dislikes, as the planner read it (no names): the itinerary reuses it. */
  taste: z.object({ liked: z.array(z.enum(VIBES)), disliked: z.array(z.enum(VIBES)) }),
  /** When fewer than three places fit: the single changes that would open the most, most first. */
  openers: z.array(Opener).default([]),
});

export const RecommendationsPack = z.discriminatedUnion("status", [
  PackBase.extend({
    status: z.literal("ready"),
    /** 3–5; fewer only when fewer places fit everyone's hard constraints (`onlyFit` says how many). */
    options: z.array(DestinationOption).min(1).max(5),
    /** Only this many places (1 or 2) fit every member's hard constraints: the cards say so. */
    onlyFit: z.number().int().min(1).max(2).optional(),
  }),
  PackBase.extend({
    /** Planning can't go on: the questions say what's needed (no responses, or too few destinations fit). */
    status: z.literal("needs_more_input"),
    options: z.array(DestinationOption).length(0),
    explanation: z.string(),
  }),
]);
export type RecommendationsPack = z.infer<typeof RecommendationsPack>;

export { Severity };
