import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MemberPreferences } from "@/lib/schemas/preferences";

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
