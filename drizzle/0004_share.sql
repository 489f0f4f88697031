ALTER TABLE "trips" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "share_token_hash" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "share_created_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "trips_share_token_hash_idx" ON "trips" USING btree ("share_token_hash");