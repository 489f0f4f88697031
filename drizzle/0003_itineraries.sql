CREATE TABLE "feedback_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"itinerary_version" integer NOT NULL,
	"kind" text NOT NULL,
	"item_key" text,
	"reason" text,
	"text" text DEFAULT '' NOT NULL,
	"suggested_activity_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" jsonb,
	"resolved_in_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_items_kind_check" CHECK ("feedback_items"."kind" in ('flag', 'suggestion')),
	CONSTRAINT "feedback_items_status_check" CHECK ("feedback_items"."status" in ('open', 'applied', 'declined', 'withdrawn')),
	CONSTRAINT "feedback_items_flag_check" CHECK ("feedback_items"."kind" <> 'flag' or ("feedback_items"."item_key" is not null and "feedback_items"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "itineraries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"run_id" uuid,
	"source" text NOT NULL,
	"based_on_version" integer,
	"created_by" uuid,
	"decision_log" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "itineraries_source_check" CHECK ("itineraries"."source" in ('generated', 'regenerated', 'repaired', 'restored', 'edited'))
);
--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "version" integer;--> statement-breakpoint
UPDATE "recommendations" r SET "version" = n.v FROM (SELECT "id", row_number() OVER (PARTITION BY "trip_id" ORDER BY "created_at", "id")::int AS v FROM "recommendations") n WHERE r."id" = n."id";--> statement-breakpoint
ALTER TABLE "recommendations" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "current_recommendation_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "start_date" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "end_date" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "current_itinerary_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "regenerations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "trips" t SET "current_recommendation_id" = (SELECT r."id" FROM "recommendations" r WHERE r."trip_id" = t."id" ORDER BY r."version" DESC LIMIT 1);--> statement-breakpoint
ALTER TABLE "feedback_items" ADD CONSTRAINT "feedback_items_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_items" ADD CONSTRAINT "feedback_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_run_id_pipeline_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pipeline_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_items_trip_idx" ON "feedback_items" USING btree ("trip_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "itineraries_version_idx" ON "itineraries" USING btree ("trip_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "itineraries_run_idx" ON "itineraries" USING btree ("run_id");--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_current_recommendation_id_recommendations_id_fk" FOREIGN KEY ("current_recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_selected_recommendation_id_recommendations_id_fk" FOREIGN KEY ("selected_recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_current_itinerary_id_itineraries_id_fk" FOREIGN KEY ("current_itinerary_id") REFERENCES "public"."itineraries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_version_idx" ON "recommendations" USING btree ("trip_id","version");--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD CONSTRAINT "pipeline_runs_kind_check" CHECK ("pipeline_runs"."kind" in ('recommendations', 'itinerary', 'regenerate'));--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_regenerations_check" CHECK ("trips"."regenerations" between 0 and 5);--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_dates_check" CHECK (("trips"."start_date" is null) = ("trips"."end_date" is null) and ("trips"."end_date" >= "trips"."start_date" or "trips"."start_date" is null));