import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AiScope } from "@/lib/schemas/ai-connections";
import type { DestinationFacts, FACT_SOURCES, SearchSuggestion, Source } from "@/lib/schemas/catalog";
import { type ConflictDecision, DECISION_KINDS } from "@/lib/schemas/decisions";
import type { FeedbackOutcome, FlagReason, Itinerary } from "@/lib/schemas/itinerary";
import type { NotificationBody, NotificationTopic } from "@/lib/schemas/notifications";
import type { Engine, ProgressEvent, RunError, RunStatus, Usage } from "@/lib/schemas/pipeline";
import type { MemberPreferences } from "@/lib/schemas/preferences";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";
import type { TripEventBody } from "@/lib/schemas/trip-events";
import { TRIP_STATUSES } from "@/lib/trip-status";

export { TRIP_STATUSES, type TripStatus } from "@/lib/trip-status";

export const trips = pgTable(
  "trips",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** What the organizer says the trip is about, shown to the group ("" when none). */
    description: text("description").notNull().default(""),
    status: text("status", { enum: TRIP_STATUSES }).notNull().default("collecting"),
    /** Shared with the whole group (it is shown on the dashboard), so stored as is. */
    inviteToken: text("invite_token").notNull(),
    /** The pack the group is looking at (the latest stored one). */
    currentRecommendationId: uuid("current_recommendation_id").references((): AnyPgColumn => recommendations.id, {
      onDelete: "set null",
    }),
    /** Set when the organizer picks an option (trip → planning): the pack and the destination's slug. */
    selectedRecommendationId: uuid("selected_recommendation_id").references((): AnyPgColumn => recommendations.id, {
      onDelete: "set null",
    }),
    selectedDestination: text("selected_destination"),
    /** The trip's dates as the organizer confirmed them (ISO days, inclusive); null until confirmed. */
    startDate: text("start_date"),
    endDate: text("end_date"),
    /** The itinerary version the group is looking at. */
    currentItineraryId: uuid("current_itinerary_id").references((): AnyPgColumn => itineraries.id, {
      onDelete: "set null",
    }),
    /** Feedback regenerations used (at most MAX_REGENERATIONS); counted in the transaction that starts one. */
    regenerations: integer("regenerations").notNull().default(0),
    /** When the organizer finalized the plan (trip → finalized); cleared when it is reopened. */
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
    /**
     * SHA-256 of the share link's token (`/s/<token>`, read-only, no member data); null when
     * there is none. Rotating replaces it, revoking clears it, so an old link finds nothing.
     */
    shareTokenHash: text("share_token_hash"),
    shareCreatedAt: timestamp("share_created_at", { withTimezone: true }),
    /**
     * "Try a demo trip": the visitor organizes a sample group that already answered, so
     * Generate doesn't wait for the organizer's own answers there.
     */
    isDemo: boolean("is_demo").notNull().default(false),
    /** ISO 4217: the currency the trip's expenses are balanced and settled in. */
    currency: text("currency").notNull().default("USD"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trips_invite_token_idx").on(t.inviteToken),
    uniqueIndex("trips_share_token_hash_idx").on(t.shareTokenHash),
    check("trips_status_check", sql`${t.status} in ('collecting', 'recommending', 'planning', 'finalized')`),
    check("trips_regenerations_check", sql`${t.regenerations} between 0 and 5`),
    check(
      "trips_dates_check",
      sql`(${t.startDate} is null) = (${t.endDate} is null) and (${t.endDate} >= ${t.startDate} or ${t.startDate} is null)`,
    ),
  ],
);
export type Trip = typeof trips.$inferSelect;
export type NewTrip = typeof trips.$inferInsert;

export const MEMBER_ROLES = ["organizer", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull().default("member"),
    /** Organizer only: SHA-256 of the private recovery link's token. */
    recoveryTokenHash: text("recovery_token_hash"),
    /** Organizer only: when the current recovery link signed a device in (it works once). */
    recoveryUsedAt: timestamp("recovery_used_at", { withTimezone: true }),
    /**
     * Wrong home towns typed on devices added with a help link the organizer made, over all
     * such links: at MAX_PROOF_FAILURES confirming that way is closed (only "start over"
     * remains), so making link after link buys no more guesses. Reset by a right answer.
     */
    proofFailures: integer("proof_failures").notNull().default(0),
    /** ISO 4217: the currency the member reads amounts in (null: the trip's). */
    displayCurrency: text("display_currency"),
    // clock_timestamp, not now(): members added in one transaction (the demo) keep their order.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex("members_recovery_token_hash_idx").on(t.recoveryTokenHash),
    // Display names are how the group tells people apart ("Sam needs to add 2 days").
    uniqueIndex("members_trip_name_idx").on(t.tripId, sql`lower(${t.name})`),
    uniqueIndex("members_one_organizer_idx").on(t.tripId).where(sql`${t.role} = 'organizer'`),
    check("members_role_check", sql`${t.role} in ('organizer', 'member')`),
  ],
);
export type Member = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

/**
 * How a device came to be signed in, shown to its member ("added with a link the organizer
 * made"): creating the trip, joining with the invite, the member's personal link, a one-time
 * link from another of their devices, a help link the organizer made, the organizer's
 * recovery link. Null for devices added before this was recorded.
 */
export const DEVICE_ORIGINS = ["created", "invite", "personal", "device", "helper", "recovery"] as const;
export type DeviceOrigin = (typeof DEVICE_ORIGINS)[number];

/**
 * Each browser signed in as a member. The trip cookie holds the device's own capability
 * token (only its SHA-256 is stored), so one device can be revoked without the others.
 */
export const memberDevices = pgTable(
  "member_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** What the browser said it is ("Firefox on Android"), for telling devices apart. */
    label: text("label").notNull().default("A browser"),
    addedVia: text("added_via", { enum: DEVICE_ORIGINS }),
    /**
     * Added with a help link the organizer made and not yet shown to be the member's: the
     * device opens nothing but the "confirm it's you" page and can do nothing but confirm or
     * start over (lib/auth/guards.ts refuses it everywhere else).
     */
    awaitingProof: boolean("awaiting_proof").notNull().default(false),
    /** When this device chose "start over", erasing the member's answers to get in without proof. */
    startedOverAt: timestamp("started_over_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex("member_devices_token_hash_idx").on(t.tokenHash),
    index("member_devices_member_idx").on(t.memberId),
  ],
);
export type MemberDevice = typeof memberDevices.$inferSelect;

/**
 * A member's AI connections (an AI app using the MCP endpoint as them): listed and revocable
 * with their devices, gone with the member. Only the bearer token's SHA-256 is stored; it is
 * looked up only from an `Authorization: Bearer` header, never from a cookie, and a device's
 * cookie token is never looked up here.
 */
export const aiConnections = pgTable(
  "ai_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    label: text("label").notNull(),
    scopes: jsonb("scopes").$type<AiScope[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("ai_connections_token_hash_idx").on(t.tokenHash),
    index("ai_connections_member_idx").on(t.memberId),
  ],
);
export type AiConnection = typeof aiConnections.$inferSelect;

export const SIGN_IN_LINK_KINDS = ["personal", "device", "helper"] as const;
export type SignInLinkKind = (typeof SIGN_IN_LINK_KINDS)[number];

/**
 * Links that sign a new device in as a member, and nothing else: the member's personal
 * link (one at a time; re-issuing replaces it) and short-lived one-time device links made
 * from a device already signed in, and help links the organizer makes for a member who lost
 * theirs (once, for a day; the device they sign in must still prove it is the member's).
 * Only the token's SHA-256 is stored.
 */
export const signInLinks = pgTable(
  "sign_in_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SIGN_IN_LINK_KINDS }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Device links only: unusable after this moment. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Device links only: set when the link signed a device in (it works once). */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sign_in_links_token_hash_idx").on(t.tokenHash),
    uniqueIndex("sign_in_links_one_personal_idx").on(t.memberId).where(sql`${t.kind} = 'personal'`),
    check("sign_in_links_kind_check", sql`${t.kind} in ('personal', 'device', 'helper')`),
  ],
);
export type SignInLink = typeof signInLinks.$inferSelect;

export const preferences = pgTable(
  "preferences",
  {
    memberId: uuid("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /** Parsed with `MemberPreferences` on the way in and on the way out. */
    data: jsonb("data").$type<MemberPreferences>().notNull(),
    /** Optimistic concurrency: a save names the version it edited; a stale save is refused. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("preferences_trip_idx").on(t.tripId)],
);
export type PreferencesRow = typeof preferences.$inferSelect;
export type NewPreferencesRow = typeof preferences.$inferInsert;

/** Workflows by kind (lib/pipeline/workflows.ts): a regenerate is an itinerary run that feedback caused, and counts. */
export const RUN_KINDS = ["recommendations", "itinerary", "regenerate"] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/** One execution of a pipeline for a trip, on either engine. */
export const pipelineRuns = pgTable(
  "pipeline_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: RUN_KINDS }).notNull(),
    status: text("status").$type<RunStatus>().notNull().default("running"),
    engine: text("engine").$type<Engine>().notNull(),
    requestedBy: uuid("requested_by").references(() => members.id, { onDelete: "set null" }),
    /** What the run was asked to do beyond its kind (an itinerary's feedback and base version). */
    input: jsonb("input").$type<Record<string, unknown>>(),
    error: jsonb("error").$type<RunError>(),
    usage: jsonb("usage").$type<Usage>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * The local runner's lease (lib/pipeline/leases.ts): the process executing the run and
     * until when it holds it (renewed by its heartbeat). A running local run whose lease has
     * expired (or that has none) is taken over by another live process.
     */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
  },
  (t) => [
    index("pipeline_runs_trip_idx").on(t.tripId, t.createdAt),
    // The takeover sweep: running local runs by lease expiry.
    index("pipeline_runs_lease_idx").on(t.leaseExpiresAt).where(sql`${t.status} = 'running' and ${t.engine} = 'local'`),
    // At most one active run per trip: a second Generate click finds the first run instead.
    uniqueIndex("pipeline_runs_one_active_idx").on(t.tripId).where(sql`${t.status} = 'running'`),
    check("pipeline_runs_status_check", sql`${t.status} in ('running', 'succeeded', 'failed')`),
    check("pipeline_runs_engine_check", sql`${t.engine} in ('local', 'inngest')`),
    check("pipeline_runs_kind_check", sql`${t.kind} in ('recommendations', 'itinerary', 'regenerate')`),
  ],
);
export type PipelineRun = typeof pipelineRuns.$inferSelect;
export type NewPipelineRun = typeof pipelineRuns.$inferInsert;

/** The local runner's memo: a finished step's JSON result is never computed again for that run. */
export const runSteps = pgTable(
  "run_steps",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => pipelineRuns.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    result: jsonb("result"),
    attempts: integer("attempts").notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepId] })],
);
export type RunStep = typeof runSteps.$inferSelect;

export const progressEvents = pgTable(
  "progress_events",
  {
    /** Monotonic: the SSE event id that `Last-Event-ID` resumes from. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: uuid("run_id")
      .notNull()
      .references(() => pipelineRuns.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    kind: text("kind").$type<ProgressEvent["kind"]>().notNull(),
    stage: text("stage").notNull(),
    message: text("message").notNull(),
    level: text("level").$type<ProgressEvent["level"]>().notNull().default("info"),
    detail: jsonb("detail").$type<ProgressEvent["detail"]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A retried or replayed step can't write the same event twice.
  (t) => [uniqueIndex("progress_events_once_idx").on(t.runId, t.stepId, t.kind)],
);
export type ProgressEventRow = typeof progressEvents.$inferSelect;

export const recommendations = pgTable(
  "recommendations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => pipelineRuns.id, { onDelete: "cascade" }),
    /** 1, 2, … per trip. */
    version: integer("version").notNull(),
    /** Parsed with `RecommendationsPack` on the way in and out. */
    payload: jsonb("payload").$type<RecommendationsPack>().notNull(),
    /** The decision log ("How we decided"). */
    decisionLog: jsonb("decision_log").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("recommendations_run_idx").on(t.runId),
    uniqueIndex("recommendations_version_idx").on(t.tripId, t.version),
    index("recommendations_trip_idx").on(t.tripId, t.createdAt),
  ],
);
export type RecommendationRow = typeof recommendations.$inferSelect;

/**
 * The trip's live channel as rows: every change an open view of the trip must hear about
 * (answers, members, runs and their progress, votes, the choice, …). Written by
 * `publishTripEvent` in the same transaction as the change it announces; the SSE id a
 * reconnecting browser resumes from (`Last-Event-ID`). Ids only increase in commit order
 * within a trip (publishing takes a per-trip transaction lock).
 */
export const tripEvents = pgTable(
  "trip_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Parsed with `TripEventBody` on the way in and out; ids and states only, never member text. */
    data: jsonb("data").$type<TripEventBody>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("trip_events_trip_idx").on(t.tripId, t.id)],
);
export type TripEventRow = typeof tripEvents.$inferSelect;

/** One vote per member per recommendation set; voting again moves it. */
export const destinationVotes = pgTable(
  "destination_votes",
  {
    recommendationId: uuid("recommendation_id")
      .notNull()
      .references(() => recommendations.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recommendationId, t.memberId] })],
);

/**
 * Model calls and tokens spent, one row per agent invocation that called a model, for
 * the per-trip and per-day model budgets (lib/limits/budget.ts). No foreign key: spend
 * counts against the day's budget even if the trip is deleted afterwards.
 */
export const modelSpend = pgTable(
  "model_spend",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tripId: uuid("trip_id").notNull(),
    agent: text("agent").notNull(),
    calls: integer("calls").notNull(),
    inputTokens: integer("input_tokens").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("model_spend_trip_idx").on(t.tripId, t.createdAt), index("model_spend_day_idx").on(t.createdAt)],
);
export type ModelSpendRow = typeof modelSpend.$inferSelect;

/** Rate-limit counters shared by every app server on one Postgres (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

export const ITINERARY_SOURCES = ["generated", "regenerated", "repaired", "restored", "edited"] as const;
export type ItinerarySource = (typeof ITINERARY_SOURCES)[number];

/** Every version of a trip's plan is kept; `trips.current_itinerary_id` points at the one shown. */
export const itineraries = pgTable(
  "itineraries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /** 1, 2, … per trip. */
    version: integer("version").notNull(),
    /** Parsed with `Itinerary` on the way in and out. */
    payload: jsonb("payload").$type<Itinerary>().notNull(),
    /** The run that made it (null for a restore or a hand edit). */
    runId: uuid("run_id").references(() => pipelineRuns.id, { onDelete: "set null" }),
    source: text("source", { enum: ITINERARY_SOURCES }).notNull(),
    /** The version it was made from (regenerations, restores, edits). */
    basedOnVersion: integer("based_on_version"),
    createdBy: uuid("created_by").references(() => members.id, { onDelete: "set null" }),
    /** The decision log of the run that made it. */
    decisionLog: jsonb("decision_log"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("itineraries_version_idx").on(t.tripId, t.version),
    uniqueIndex("itineraries_run_idx").on(t.runId),
    check(
      "itineraries_source_check",
      sql`${t.source} in ('generated', 'regenerated', 'repaired', 'restored', 'edited')`,
    ),
  ],
);
export type ItineraryRow = typeof itineraries.$inferSelect;

export const FEEDBACK_KINDS = ["flag", "suggestion"] as const;
export const FEEDBACK_STATUSES = ["open", "applied", "declined", "withdrawn"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** A member's flag on an item of the plan, or a suggestion to add one; open until a regeneration answers it. */
export const feedbackItems = pgTable(
  "feedback_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The version the member was looking at. */
    itineraryVersion: integer("itinerary_version").notNull(),
    kind: text("kind", { enum: FEEDBACK_KINDS }).notNull(),
    /** Flags: the item's key in the plan and why. */
    itemKey: text("item_key"),
    reason: text("reason").$type<FlagReason>(),
    /** A flag's note, or a suggestion in the member's words. */
    text: text("text").notNull().default(""),
    /** A suggestion picked from the destination's other activities. */
    suggestedActivityId: text("suggested_activity_id"),
    status: text("status", { enum: FEEDBACK_STATUSES }).notNull().default("open"),
    outcome: jsonb("outcome").$type<FeedbackOutcome>(),
    resolvedInVersion: integer("resolved_in_version"),
    /**
     * A flag stays in force on every later version until its author withdraws it, or the
     * organizer lifts it with a reason everyone sees: who lifted it (null: its author or
     * nobody), why, and when.
     */
    liftedBy: uuid("lifted_by").references(() => members.id, { onDelete: "set null" }),
    liftReason: text("lift_reason"),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    /** The sending device's key for this write (lib/schemas/offline.ts): sent twice, one row. */
    clientKey: text("client_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feedback_items_trip_idx").on(t.tripId, t.status),
    uniqueIndex("feedback_items_client_key_idx").on(t.tripId, t.clientKey),
    check("feedback_items_kind_check", sql`${t.kind} in ('flag', 'suggestion')`),
    check("feedback_items_status_check", sql`${t.status} in ('open', 'applied', 'declined', 'withdrawn')`),
    check(
      "feedback_items_flag_check",
      sql`${t.kind} <> 'flag' or (${t.itemKey} is not null and ${t.reason} is not null)`,
    ),
  ],
);
export type FeedbackItemRow = typeof feedbackItems.$inferSelect;

/** The organizer's decisions on conflicts (lib/schemas/decisions.ts): one per kind per trip. */
export const conflictDecisions = pgTable(
  "conflict_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DECISION_KINDS }).notNull(),
    decision: jsonb("decision").$type<ConflictDecision>().notNull(),
    note: text("note").notNull().default(""),
    decidedBy: uuid("decided_by").references(() => members.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conflict_decisions_trip_kind_idx").on(t.tripId, t.kind),
    check("conflict_decisions_kind_check", sql`${t.kind} in ('dates', 'scope')`),
  ],
);

/**
 * The organizer asked a member to look at a conflict they can fix by changing their own
 * answers (lib/resolutions.ts). Shown on that member's dashboard until the conflict no
 * longer asks anything of them, or they decline.
 */
export const resolutionRequests = pgTable(
  "resolution_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    conflict: text("conflict").notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("resolution_requests_member_conflict_idx").on(t.memberId, t.conflict)],
);

/**
 * What grounded research found about a destination for a travel month (or months), kept
 * so the next group going there then doesn't pay for the same lookup: the text, its
 * sources and Google's search suggestions, and when it was looked up (cards show its age).
 * Not per trip: it holds nothing about anyone. Gemini runs only (the offline model's
 * research is free and instant).
 */
export const destinationResearch = pgTable(
  "destination_research",
  {
    slug: text("slug").notNull(),
    /** The travel months, "5" or "5,6". */
    months: text("months").notNull(),
    /** What was found; for a place beyond the catalog (`world:<slug>`), also the facts read out of it. */
    result: jsonb("result")
      .$type<{ text: string; sources: Source[]; suggestions: SearchSuggestion[]; place?: unknown }>()
      .notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.months] })],
);

/**
 * The destination facts a run planned from, kept by version so a stored plan or pack
 * reads the same areas, venues, hours and coordinates later, however the catalog changes
 * since (a replay or a later validation sees them too). A version's facts never change once
 * recorded. Not per trip: facts about places hold nothing about anyone.
 */
export const destinationFacts = pgTable(
  "destination_facts",
  {
    slug: text("slug").notNull(),
    /** The catalog's version ("2026-11-23.2"), or a research result's. */
    version: text("version").notNull(),
    /** The whole `DestinationFacts`, parsed again on read. */
    facts: jsonb("facts").$type<DestinationFacts>().notNull(),
    provenance: text("provenance").$type<(typeof FACT_SOURCES)[number]>().notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.slug, t.version] }),
    check("destination_facts_provenance_check", sql`${t.provenance} in ('catalog', 'research')`),
  ],
);

/**
 * A member's email notifications (issue 27): their address (private to them: only their own
 * settings card and "Download my data" show it) and what they want to hear about. Goes with
 * the member (leave, removal) and the trip; erasing their answers deletes it too.
 */
export const notificationSettings = pgTable("notification_settings", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  tripId: uuid("trip_id")
    .notNull()
    .references(() => trips.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  topics: jsonb("topics").$type<NotificationTopic[]>().notNull(),
  /** When their last email went out: the next waits 15 minutes and gathers everything since. */
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  /** Failed sends in a row, and when the next try may happen (backoff). */
  failures: integer("failures").notNull().default(0),
  retryAt: timestamp("retry_at", { withTimezone: true }),
  /** A drainer is sending this member's digest until then (two drainers never send it twice). */
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/**
 * Notifications waiting to be emailed, written in the transaction (or step) of the event
 * that causes them; `dedupe_key` keeps a replayed step from queueing one twice. A row stays
 * until it is sent (`sent_at`): a failed send loses nothing.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    topic: text("topic").$type<NotificationTopic>().notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    body: jsonb("body").$type<NotificationBody>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** With no SMTP configured: when the message went to the server log (it stays unsent). */
    loggedAt: timestamp("logged_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notification_outbox_dedupe_idx").on(t.memberId, t.dedupeKey),
    index("notification_outbox_pending_idx").on(t.memberId).where(sql`${t.sentAt} is null`),
  ],
);
export type NotificationOutboxRow = typeof notificationOutbox.$inferSelect;

/** One per email sent: its unsubscribe link's token (SHA-256 only), which works without signing in. */
export const unsubscribeLinks = pgTable("unsubscribe_links", {
  tokenHash: text("token_hash").primaryKey(),
  memberId: uuid("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ask TripSync: one private conversation per member per trip, kept on the server. The
 * messages are the AI SDK's UI messages (text, tool calls and their results); the client
 * sends only its newest message, so what the model saw earlier can't be rewritten by it.
 * `answeringUntil` is set while a turn runs: a second message then is refused (and a turn
 * that crashed frees the thread when it passes). "Clear conversation" deletes the row.
 */
export const assistantThreads = pgTable(
  "assistant_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    messages: jsonb("messages").$type<unknown[]>().notNull().default([]),
    answeringUntil: timestamp("answering_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("assistant_threads_member_idx").on(t.memberId)],
);
export type AssistantThreadRow = typeof assistantThreads.$inferSelect;

export const CONTEXT_KINDS = ["decided", "preference", "booking", "open-question"] as const;
export type ContextKind = (typeof CONTEXT_KINDS)[number];

/**
 * "What we've agreed": what the group has learned or settled, visible to every member and
 * editable by its author and the organizer. The assistant reads these at the start of every
 * turn and adds one only with the person's approval (`proposedByAssistant`).
 */
export const contextEntries = pgTable(
  "context_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONTEXT_KINDS }).notNull(),
    text: text("text").notNull(),
    why: text("why"),
    proposedByAssistant: boolean("proposed_by_assistant").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("context_entries_trip_idx").on(t.tripId),
    check("context_entries_kind_check", sql`${t.kind} in ('decided', 'preference', 'booking', 'open-question')`),
  ],
);
export type ContextEntryRow = typeof contextEntries.$inferSelect;

export const UNMET_CATEGORIES = ["booking", "payments", "outside-data", "messaging", "account", "other"] as const;
export type UnmetCategory = (typeof UNMET_CATEGORIES)[number];

/** What a member asked the assistant that it could not do: a one-line summary and a category. */
export const unmetRequests = pgTable(
  "unmet_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    summary: text("summary").notNull(),
    category: text("category", { enum: UNMET_CATEGORIES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("unmet_requests_trip_idx").on(t.tripId)],
);
export type UnmetRequestRow = typeof unmetRequests.$inferSelect;

export const EXPENSE_CATEGORIES = ["stay", "travel", "food", "activities", "local-transport", "other"] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const SPLIT_KINDS = ["equal", "shares", "exact"] as const;
export type SplitKind = (typeof SPLIT_KINDS)[number];

/**
 * What the group spent (DESIGN.md "Money"): amounts in minor units of the currency it was paid
 * in, with the rate it was converted into the trip's currency at (and that rate's date) kept.
 * Deleting is soft (`deletedAt`) so it can be undone; `version` guards edits.
 */
export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    category: text("category", { enum: EXPENSE_CATEGORIES }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** Units of the trip's currency for one unit of `currency`, as a decimal string ("0.8625"). */
    rate: text("rate").notNull(),
    rateDate: text("rate_date").notNull(),
    tripCurrency: text("trip_currency").notNull(),
    /** `amount` converted at `rate`, in minor units of `tripCurrency`. */
    tripAmount: integer("trip_amount").notNull(),
    spentOn: text("spent_on").notNull(),
    splitKind: text("split_kind", { enum: SPLIT_KINDS }).notNull(),
    /** The plan item it paid for (its key in the plan), if any. */
    itemKey: text("item_key"),
    createdBy: uuid("created_by").references(() => members.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The sending device's key for this write (lib/schemas/offline.ts): sent twice, one expense. */
    clientKey: text("client_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("expenses_trip_idx").on(t.tripId),
    uniqueIndex("expenses_client_key_idx").on(t.tripId, t.clientKey),
    check("expenses_amount_check", sql`${t.amount} > 0 and ${t.tripAmount} >= 0`),
    check(
      "expenses_category_check",
      sql`${t.category} in ('stay', 'travel', 'food', 'activities', 'local-transport', 'other')`,
    ),
    check("expenses_split_kind_check", sql`${t.splitKind} in ('equal', 'shares', 'exact')`),
  ],
);
export type ExpenseRow = typeof expenses.$inferSelect;

/** Who paid an expense and how much, in the expense's currency. A member who left is null (a former member). */
export const expensePayers = pgTable(
  "expense_payers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expenseId: uuid("expense_id")
      .notNull()
      .references(() => expenses.id, { onDelete: "cascade" }),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
  },
  (t) => [
    index("expense_payers_expense_idx").on(t.expenseId),
    check("expense_payers_amount_check", sql`${t.amount} > 0`),
  ],
);
export type ExpensePayerRow = typeof expensePayers.$inferSelect;

/**
 * Who shares an expense: `weight` for a split by shares, `amount` their part in the expense's
 * currency (as split: equal, by shares, or the exact amount given). A member who left is null.
 */
export const expenseShares = pgTable(
  "expense_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expenseId: uuid("expense_id")
      .notNull()
      .references(() => expenses.id, { onDelete: "cascade" }),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "set null" }),
    weight: integer("weight"),
    amount: integer("amount").notNull(),
  },
  (t) => [
    index("expense_shares_expense_idx").on(t.expenseId),
    check("expense_shares_amount_check", sql`${t.amount} >= 0`),
  ],
);
export type ExpenseShareRow = typeof expenseShares.$inferSelect;

/** "A paid B €40": in minor units of the trip's currency. Undoing sets `undoneAt`; a member who left is null. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    fromMemberId: uuid("from_member_id").references(() => members.id, { onDelete: "set null" }),
    toMemberId: uuid("to_member_id").references(() => members.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    recordedBy: uuid("recorded_by").references(() => members.id, { onDelete: "set null" }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("payments_trip_idx").on(t.tripId), check("payments_amount_check", sql`${t.amount} > 0`)],
);
export type PaymentRow = typeof payments.$inferSelect;

/** "I'll skip the boat tour": a member who doesn't take part in a plan item (by its key in the plan). */
export const planItemOptOuts = pgTable(
  "plan_item_opt_outs",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.itemKey] }), index("plan_item_opt_outs_trip_idx").on(t.tripId)],
);
export type PlanItemOptOutRow = typeof planItemOptOuts.$inferSelect;
