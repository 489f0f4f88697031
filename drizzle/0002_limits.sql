CREATE TABLE "model_spend" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trip_id" uuid NOT NULL,
	"agent" text NOT NULL,
	"calls" integer NOT NULL,
	"input_tokens" integer NOT NULL,
	"output_tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "model_spend_trip_idx" ON "model_spend" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "model_spend_day_idx" ON "model_spend" USING btree ("created_at");