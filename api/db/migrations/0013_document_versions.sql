ALTER TABLE "documents" ADD COLUMN "version_of" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_chain_version_key" ON "documents" USING btree (coalesce("version_of", "id"),"version");--> statement-breakpoint
CREATE INDEX "documents_org_current_idx" ON "documents" USING btree ("organization_id","created_at","id") WHERE "documents"."deleted_at" is null and "documents"."replaced_at" is null;