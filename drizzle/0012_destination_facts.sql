CREATE TABLE "destination_facts" (
	"slug" text NOT NULL,
	"version" text NOT NULL,
	"facts" jsonb NOT NULL,
	"provenance" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destination_facts_slug_version_pk" PRIMARY KEY("slug","version"),
	CONSTRAINT "destination_facts_provenance_check" CHECK ("destination_facts"."provenance" in ('catalog', 'research'))
);
