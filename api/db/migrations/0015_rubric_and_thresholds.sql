CREATE TABLE "rubric_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"technology_type" text,
	"scoring_context" text,
	"total_outlay_funds_score" double precision,
	"affordability_score" double precision,
	"labor_laws_compliance_score" double precision,
	"speed_to_deployment_score" double precision,
	"community_government_support_score" double precision,
	"community_anchor_institutions_score" double precision,
	"technical_capability_score" double precision,
	"universality_score" double precision,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"last_modified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "technical_pass_threshold" double precision DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "rubric_max_points" jsonb;--> statement-breakpoint
ALTER TABLE "rubric_scores" ADD CONSTRAINT "rubric_scores_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_scores" ADD CONSTRAINT "rubric_scores_last_modified_by_users_id_fk" FOREIGN KEY ("last_modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rubric_scores_application_key" ON "rubric_scores" USING btree ("application_id");