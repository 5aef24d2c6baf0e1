CREATE TABLE "review_consensus" (
	"application_id" text NOT NULL,
	"stage" text NOT NULL,
	"question_id" uuid NOT NULL,
	"override_score" double precision,
	"override_pass_fail" text,
	"admin_comments" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_consensus_application_id_stage_question_id_pk" PRIMARY KEY("application_id","stage","question_id")
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"application_id" text NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"decision" text NOT NULL,
	"comments" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_decisions_application_id_reviewer_id_stage_pk" PRIMARY KEY("application_id","reviewer_id","stage")
);
--> statement-breakpoint
CREATE TABLE "review_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"conflict" boolean NOT NULL,
	"note" text,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"question_id" uuid NOT NULL,
	"pass_fail" text,
	"score" double precision,
	"comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_section_submissions" (
	"application_id" text NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"section_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_section_submissions_application_id_reviewer_id_stage_section_id_pk" PRIMARY KEY("application_id","reviewer_id","stage","section_id")
);
--> statement-breakpoint
CREATE TABLE "review_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"unlocked_by" uuid,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_consensus" ADD CONSTRAINT "review_consensus_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_consensus" ADD CONSTRAINT "review_consensus_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_consensus" ADD CONSTRAINT "review_consensus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_declarations" ADD CONSTRAINT "review_declarations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_declarations" ADD CONSTRAINT "review_declarations_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_section_submissions" ADD CONSTRAINT "review_section_submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_section_submissions" ADD CONSTRAINT "review_section_submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_section_submissions" ADD CONSTRAINT "review_section_submissions_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_unlocks" ADD CONSTRAINT "review_unlocks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_unlocks" ADD CONSTRAINT "review_unlocks_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_unlocks" ADD CONSTRAINT "review_unlocks_unlocked_by_users_id_fk" FOREIGN KEY ("unlocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_declarations_key" ON "review_declarations" USING btree ("application_id","reviewer_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "review_marks_key" ON "review_marks" USING btree ("application_id","reviewer_id","stage","question_id");--> statement-breakpoint
CREATE INDEX "review_marks_application_stage_idx" ON "review_marks" USING btree ("application_id","stage");--> statement-breakpoint
CREATE INDEX "review_unlocks_application_idx" ON "review_unlocks" USING btree ("application_id","created_at");