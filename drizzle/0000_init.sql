CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"token_hash" text NOT NULL,
	"recovery_token_hash" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "members_role_check" CHECK ("members"."role" in ('organizer', 'member'))
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"trip_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'collecting' NOT NULL,
	"invite_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_status_check" CHECK ("trips"."status" in ('collecting', 'recommending', 'planning', 'finalized'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_token_hash_idx" ON "members" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "members_recovery_token_hash_idx" ON "members" USING btree ("recovery_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "members_trip_name_idx" ON "members" USING btree ("trip_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_one_organizer_idx" ON "members" USING btree ("trip_id") WHERE "members"."role" = 'organizer';--> statement-breakpoint
CREATE INDEX "preferences_trip_idx" ON "preferences" USING btree ("trip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_invite_token_idx" ON "trips" USING btree ("invite_token");