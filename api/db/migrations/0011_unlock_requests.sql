CREATE TABLE "unlock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"kind" text DEFAULT 'REQUEST' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"message" text NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"relocked_by" uuid,
	"relocked_at" timestamp with time zone,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "unlock_window_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unlock_requests" ADD CONSTRAINT "unlock_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_requests" ADD CONSTRAINT "unlock_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_requests" ADD CONSTRAINT "unlock_requests_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_requests" ADD CONSTRAINT "unlock_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_requests" ADD CONSTRAINT "unlock_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_requests" ADD CONSTRAINT "unlock_requests_relocked_by_users_id_fk" FOREIGN KEY ("relocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unlock_requests_open_key" ON "unlock_requests" USING btree ("application_id","section_id") WHERE "unlock_requests"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "unlock_requests_kind_created_idx" ON "unlock_requests" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "unlock_requests_kind_status_created_idx" ON "unlock_requests" USING btree ("kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "unlock_requests_org_created_idx" ON "unlock_requests" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "unlock_requests_application_idx" ON "unlock_requests" USING btree ("application_id");