ALTER TABLE "expenses" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "feedback_items" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_client_key_idx" ON "expenses" USING btree ("trip_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_items_client_key_idx" ON "feedback_items" USING btree ("trip_id","client_key");