CREATE TABLE "resolution_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"conflict" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declined_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "resolution_requests" ADD CONSTRAINT "resolution_requests_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_requests" ADD CONSTRAINT "resolution_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resolution_requests_member_conflict_idx" ON "resolution_requests" USING btree ("member_id","conflict");