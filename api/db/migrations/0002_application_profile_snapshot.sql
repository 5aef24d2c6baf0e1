ALTER TABLE "applications" ADD COLUMN "profile_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "profile_snapshot_at" timestamp with time zone;