DROP INDEX "applications_org_created_idx";--> statement-breakpoint
DROP INDEX "applications_status_created_idx";--> statement-breakpoint
DROP INDEX "logged_actions_application_idx";--> statement-breakpoint
DROP INDEX "logged_actions_org_idx";--> statement-breakpoint
CREATE INDEX "applications_org_list_idx" ON "applications" USING btree ("organization_id","created_at","id","status","project_location");--> statement-breakpoint
CREATE INDEX "applications_status_submitted_idx" ON "applications" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at","id") WHERE "applications"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "logged_actions_application_idx" ON "logged_actions" USING btree ("application_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "logged_actions_org_idx" ON "logged_actions" USING btree ("organization_id","created_at","seq");