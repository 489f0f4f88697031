CREATE TABLE "member_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"label" text DEFAULT 'A browser' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_links_kind_check" CHECK ("sign_in_links"."kind" in ('personal', 'device'))
);
--> statement-breakpoint
DROP INDEX "members_token_hash_idx";--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_devices" ADD CONSTRAINT "member_devices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_devices_token_hash_idx" ON "member_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_devices_member_idx" ON "member_devices" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_links_token_hash_idx" ON "sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_links_one_personal_idx" ON "sign_in_links" USING btree ("member_id") WHERE "sign_in_links"."kind" = 'personal';--> statement-breakpoint
-- Nobody is signed out: each member's current token becomes their first device, and a
-- browser the organizer signed in with the recovery link (its cookie holds that token) another.
INSERT INTO "member_devices" ("member_id", "token_hash", "label", "created_at", "last_seen_at")
  SELECT "id", "token_hash", 'First device', "created_at", "created_at" FROM "members";--> statement-breakpoint
INSERT INTO "member_devices" ("member_id", "token_hash", "label", "created_at", "last_seen_at")
  SELECT "id", "recovery_token_hash", 'Signed in with the recovery link', "created_at", "created_at"
  FROM "members" WHERE "recovery_token_hash" IS NOT NULL
  ON CONFLICT ("token_hash") DO NOTHING;--> statement-breakpoint
-- Demo trips made before this migration are recognised by the name they are created with.
UPDATE "trips" SET "is_demo" = true WHERE "name" = 'Demo: friends'' getaway';--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "token_hash";