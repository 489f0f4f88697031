import { z } from "zod";
import { CatalogActivity, DestinationFacts, OriginRegion, Source, WorldRegion } from "@/lib/schemas/catalog";
import { ConflictDecision } from "@/lib/schemas/decisions";
import { GroupProfile } from "@/lib/schemas/group-profile";
import { ItineraryDay } from "@/lib/schemas/itinerary";
import { MemberCost } from "@/lib/schemas/money";
import { ACCESSIBILITY, DIETARY, IsoDate, MemberPreferences, VIBES } from "@/lib/schemas/preferences";
import {
  Confidence,
  ConflictReport,
  DestinationOption,
  Exclusion,
  RecommendationsPack,
  Suggestion,
  Tradeoff,
  TripShape,
  WebResearch,
} from "@/lib/schemas/recommendations";

/**
 * The recommendation pipeline's state (DESIGN.md "Agents"). Each agent reads some keys
 * and writes others; every step result is JSON, memoized by the engine, so each value
 * here must survive a JSON round trip.
 */

export const TripContext = z.object({
  tripId: z.string(),
  tripName: z.string(),
  /** Today, as the pipeline saw it when it started (dates are judged against it). */
  today: IsoDate,
  preferencesFingerprint: z.string(),
  /** The organizer's decisions on conflicts, as the run read them (the profile plans with them). */
  decisions: z.array(ConflictDecision).default([]),
});
export type TripContext = z.infer<typeof TripContext>;

export const RawMember = z.object({
  id: z.string(),
  name: z.string(),
  preferences: MemberPreferences.nullable(),
});
export type RawMember = z.infer<typeof RawMember>;

export const SafetyFlag = z.object({
  memberId: z.string(),
  field: z.enum(["name", "notes", "hardNos", "mustHaves", "origin", "suggestedPlace"]),
  /** Which entry of a list field (hard no's, must-haves); absent for single-value fields. */
  index: z.number().int().nonnegative().optional(),
  rule: z.enum(["prompt-injection", "unsafe-content", "model-flagged"]),
  /** Why, in our words. The flagged text itself is never copied anywhere. */
  reason: z.string(),
});
export type SafetyFlag = z.infer<typeof SafetyFlag>;

/** One member's preferences as the planner uses them: soft signals read from free text, hard ones verbatim. */
export const NormalizedPreferences = z.object({
  memberId: z.string(),
  budget: z.object({
    min: z.number().int().nonnegative(),
    max: z.number().int().nonnegative(),
    hardLimit: z.boolean(),
  }),
  budgetConfidence: Confidence,
  vibes: z.array(z.enum(VIBES)),
  /** Vibes read from the notes, beyond the ones ticked on the form. */
  inferredVibes: z.array(z.enum(VIBES)),
  /** Vibes the member dislikes (from notes and must-haves): they rank options down, never up. */
  aversions: z.array(z.enum(VIBES)),
  /** Copied from the form untouched: the planner never reinterprets a hard constraint. */
  hardConstraints: z.object({
    dietary: z.array(z.enum(DIETARY)),
    accessibility: z.array(z.enum(ACCESSIBILITY)),
    hardNos: z.array(z.string()),
  }),
  confidence: Confidence,
  notesSummary: z.string(),
});
export type NormalizedPreferences = z.infer<typeof NormalizedPreferences>;

export const Candidate = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  countryCode: z.string(),
  region: WorldRegion,
  /** Why the generator shortlisted it. */
  rationale: z.string(),
  vibeMatch: z.number().min(0).max(1),
  /** The longest trip every member's hard cap allows, inside the group's dates. */
  trip: TripShape,
  /** Each member's own cost of that trip. */
  costs: z.array(MemberCost),
  /** Who it leaves out of their own scope, by name: the card carries it as a tradeoff. */
  scopeTradeoff: Tradeoff.nullable().default(null),
});
export type Candidate = z.infer<typeof Candidate>;

export const ResearchFacts = z.object({
  slug: z.string(),
  verified: z.boolean(),
  summary: z.string(),
  climate: z.string().nullable(),
  /** Activities that pass every hard constraint of the group, the only ones a highlight may name. */
  activities: z.array(CatalogActivity.pick({ id: true, title: true, area: true, bestTime: true, costUsd: true })),
  sources: z.array(Source),
  /** What the research found, as shown on the card: screened text, its sources, Google's search suggestions. */
  web: WebResearch.nullable().default(null),
});
export type ResearchFacts = z.infer<typeof ResearchFacts>;

/** A place beyond the catalog the scout proposed, and what research is for (Gemini only). */
export const PlaceProposal = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  why: z.string(),
  /** The travel months and members' fare regions its facts must cover. */
  months: z.array(z.number().int().min(1).max(12)),
  regions: z.array(OriginRegion),
  /** The members whose suggestion it answers (none: the scout's own idea). */
  suggestedBy: z.array(z.string()),
});
export type PlaceProposal = z.infer<typeof PlaceProposal>;

/** A place researched for this run: its facts (each with a source), the research, and what was left out unsourced. */
export const WorldPlace = z.object({
  facts: DestinationFacts,
  web: WebResearch.nullable(),
  /** Claims research made that no source backed, left out (the card says so). */
  unverified: z.array(z.string()),
  suggestedBy: z.array(z.string()),
});
export type WorldPlace = z.infer<typeof WorldPlace>;

/** A researched place as kept for the next group going in the same months (`destination_research`). */
export const KeptPlace = WorldPlace.pick({ facts: true, unverified: true }).extend({ web: WebResearch });
export type KeptPlace = z.infer<typeof KeptPlace>;

export const Usage = z.object({
  calls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Model ids used (empty for deterministic agents). */
  models: z.array(z.string()),
});
export type Usage = z.infer<typeof Usage>;

export const DecisionLogEntry = z.object({
  agent: z.string(),
  stepId: z.string(),
  inputSummary: z.string(),
  keyEvidence: z.array(z.string()),
  outputSummary: z.string(),
  riskFlags: z.array(z.string()),
  startedAt: z.iso.datetime(),
  ms: z.number().int().nonnegative(),
  usage: Usage,
});
export type DecisionLogEntry = z.infer<typeof DecisionLogEntry>;

export const PipelineState = z.object({
  tripContext: TripContext,
  rawPreferences: z.array(RawMember),
  safetyFlags: z.array(SafetyFlag),
  normalizedPreferences: z.array(NormalizedPreferences),
  groupProfile: GroupProfile,
  conflictReport: ConflictReport,
  /** Places beyond the catalog proposed for this group (empty offline: the offline model proposes from the catalog). */
  proposals: z.array(PlaceProposal),
  /** Those researched into enough sourced facts to plan from. */
  places: z.array(WorldPlace),
  candidates: z.array(Candidate),
  /** Destinations a member's hard constraint ruled out, with whose and why. */
  exclusions: z.array(Exclusion),
  /** Places members suggested, matched to the catalog or not (see `Suggestion`). */
  suggestions: z.array(Suggestion),
  research: z.record(z.string(), ResearchFacts),
  /** The ranker's picks, best first; empty with `tooFew` saying why when too few places fit everyone. */
  shortlist: z.object({
    picks: z.array(z.object({ slug: z.string(), reason: z.string() })),
    tooFew: z.string().nullable(),
  }),
  /** Each pick's card as written and checked on its own (null: it couldn't be made to pass). */
  cards: z.record(z.string(), DestinationOption.nullable()),
  recommendations: RecommendationsPack,
  decisionLog: z.array(DecisionLogEntry),
});
export type PipelineState = z.infer<typeof PipelineState>;
export type StateKey = keyof PipelineState;

export const RunId = z.uuid();

export const RUN_STATUSES = ["running", "succeeded", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const ENGINES = ["local", "inngest"] as const;
export type Engine = (typeof ENGINES)[number];

/** A failed run tells the organizer what happened and whether trying again can help. */
export const RunError = z.object({ code: z.string(), message: z.string(), retryable: z.boolean() });
export type RunError = z.infer<typeof RunError>;

export const PROGRESS_KINDS = ["started", "finished", "retrying", "degraded", "failed"] as const;
export const ProgressEvent = z.object({
  id: z.number().int(),
  runId: z.string(),
  stepId: z.string(),
  kind: z.enum(PROGRESS_KINDS),
  /** The timeline row it belongs to ("Researching destinations"). */
  stage: z.string(),
  message: z.string(),
  level: z.enum(["info", "warning", "error"]),
  /**
   * finished: ms, attempt, models, tokens — the run details table; a card step's finished
   * card (null when it failed its check), shown while the run goes on. Never sent on the
   * live channel: the server reads it and cuts it to what each viewer may see.
   */
  detail: z
    .object({
      ms: z.number().int().optional(),
      attempt: z.number().int().optional(),
      models: z.array(z.string()).optional(),
      inputTokens: z.number().int().optional(),
      outputTokens: z.number().int().optional(),
      card: DestinationOption.nullable().optional(),
      /** The shortlist's finished event: which destinations it picked (early cards show for these only). */
      picks: z.array(z.string()).optional(),
      /**
       * A first-round draft step's finished event: the day it drafted (group-level: items,
       * times, places, costs of activities), shown as a draft while the run goes on.
       */
      day: ItineraryDay.optional(),
    })
    .nullable(),
  createdAt: z.iso.datetime(),
});
export type ProgressEvent = z.infer<typeof ProgressEvent>;
