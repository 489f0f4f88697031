ALTER TABLE "feedback_items" ADD COLUMN "lifted_by" uuid;--> statement-breakpoint
ALTER TABLE "feedback_items" ADD COLUMN "lift_reason" text;--> statement-breakpoint
ALTER TABLE "feedback_items" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback_items" ADD CONSTRAINT "feedback_items_lifted_by_members_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;