CREATE TABLE "destination_votes" (
	"recommendation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destination_votes_recommendation_id_member_id_pk" PRIMARY KEY("recommendation_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "pipeline_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"engine" text NOT NULL,
	"requested_by" uuid,
	"error" jsonb,
	"usage" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pipeline_runs_status_check" CHECK ("pipeline_runs"."status" in ('running', 'succeeded', 'failed')),
	CONSTRAINT "pipeline_runs_engine_check" CHECK ("pipeline_runs"."engine" in ('local', 'inngest'))
);
--> statement-breakpoint
CREATE TABLE "progress_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"kind" text NOT NULL,
	"stage" text NOT NULL,
	"message" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"decision_log" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_steps" (
	"run_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"result" jsonb,
	"attempts" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_steps_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "selected_recommendation_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "selected_destination" text;--> statement-breakpoint
ALTER TABLE "destination_votes" ADD CONSTRAINT "destination_votes_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_votes" ADD CONSTRAINT "destination_votes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD CONSTRAINT "pipeline_runs_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD CONSTRAINT "pipeline_runs_requested_by_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_events" ADD CONSTRAINT "progress_events_run_id_pipeline_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pipeline_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_run_id_pipeline_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pipeline_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_steps" ADD CONSTRAINT "run_steps_run_id_pipeline_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pipeline_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_runs_trip_idx" ON "pipeline_runs" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_runs_one_active_idx" ON "pipeline_runs" USING btree ("trip_id") WHERE "pipeline_runs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "progress_events_once_idx" ON "progress_events" USING btree ("run_id","step_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_run_idx" ON "recommendations" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "recommendations_trip_idx" ON "recommendations" USING btree ("trip_id","created_at");