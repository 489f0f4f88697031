ALTER TABLE "sign_in_links" DROP CONSTRAINT "sign_in_links_kind_check";--> statement-breakpoint
ALTER TABLE "member_devices" ADD COLUMN "added_via" text;--> statement-breakpoint
ALTER TABLE "member_devices" ADD COLUMN "awaiting_proof" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_devices" ADD COLUMN "started_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "recovery_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "proof_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_kind_check" CHECK ("sign_in_links"."kind" in ('personal', 'device', 'helper'));