CREATE TABLE "destination_research" (
	"slug" text NOT NULL,
	"months" text NOT NULL,
	"result" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destination_research_slug_months_pk" PRIMARY KEY("slug","months")
);
