import { sql } from "drizzle-orm";
import {
  bigserial,
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
import type { Engine, ProgressEvent, RunError, RunStatus, Usage } from "@/lib/schemas/pipeline";
import type { MemberPreferences } from "@/lib/schemas/preferences";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";

export const TRIP_STATUSES = ["collecting", "recommending", "planning", "finalized"] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

export const trips = pgTable(
  "trips",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    status: text("status", { enum: TRIP_STATUSES }).notNull().default("collecting"),
    /** Shared with the whole group (it is shown on the dashboard), so stored as is. */
    inviteToken: text("invite_token").notNull(),
    /** Set when the organizer picks an option (trip → planning): the recommendation and its slug. */
    selectedRecommendationId: uuid("selected_recommendation_id"),
    selectedDestination: text("selected_destination"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trips_invite_token_idx").on(t.inviteToken),
    check("trips_status_check", sql`${t.status} in ('collecting', 'recommending', 'planning', 'finalized')`),
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
    /** SHA-256 (hex) of the member's capability token; the token itself is only in their cookie. */
    tokenHash: text("token_hash").notNull(),
    /** Organizer only: SHA-256 of the private recovery link's token. */
    recoveryTokenHash: text("recovery_token_hash"),
    // clock_timestamp, not now(): members added in one transaction (the demo) keep their order.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex("members_token_hash_idx").on(t.tokenHash),
    uniqueIndex("members_recovery_token_hash_idx").on(t.recoveryTokenHash),
    // Display names are how the group tells people apart ("Sam needs to add 2 days").
    uniqueIndex("members_trip_name_idx").on(t.tripId, sql`lower(${t.name})`),
    uniqueIndex("members_one_organizer_idx").on(t.tripId).where(sql`${t.role} = 'organizer'`),
    check("members_role_check", sql`${t.role} in ('organizer', 'member')`),
  ],
);
export type Member = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

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

export const RUN_KINDS = ["recommendations"] as const;
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
    error: jsonb("error").$type<RunError>(),
    usage: jsonb("usage").$type<Usage>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("pipeline_runs_trip_idx").on(t.tripId, t.createdAt),
    // At most one active run per trip: a second Generate click finds the first run instead.
    uniqueIndex("pipeline_runs_one_active_idx").on(t.tripId).where(sql`${t.status} = 'running'`),
    check("pipeline_runs_status_check", sql`${t.status} in ('running', 'succeeded', 'failed')`),
    check("pipeline_runs_engine_check", sql`${t.engine} in ('local', 'inngest')`),
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
    /** Parsed with `RecommendationsPack` on the way in and out. */
    payload: jsonb("payload").$type<RecommendationsPack>().notNull(),
    /** The decision log ("How we decided"). */
    decisionLog: jsonb("decision_log").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("recommendations_run_idx").on(t.runId),
    index("recommendations_trip_idx").on(t.tripId, t.createdAt),
  ],
);
export type RecommendationRow = typeof recommendations.$inferSelect;

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
