ALTER TABLE "pipeline_runs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pipeline_runs_lease_idx" ON "pipeline_runs" USING btree ("lease_expires_at") WHERE "pipeline_runs"."status" = 'running' and "pipeline_runs"."engine" = 'local';