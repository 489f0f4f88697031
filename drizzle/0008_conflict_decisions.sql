CREATE TABLE "conflict_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"decision" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conflict_decisions_kind_check" CHECK ("conflict_decisions"."kind" in ('dates'))
);
--> statement-breakpoint
ALTER TABLE "conflict_decisions" ADD CONSTRAINT "conflict_decisions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_decisions" ADD CONSTRAINT "conflict_decisions_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_decisions_trip_kind_idx" ON "conflict_decisions" USING btree ("trip_id","kind");