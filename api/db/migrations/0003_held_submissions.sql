CREATE TABLE "held_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"form_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "held_submissions" ADD CONSTRAINT "held_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_submissions_user_form_key" ON "held_submissions" USING btree ("user_id","form_key");--> statement-breakpoint
CREATE INDEX "held_submissions_expires_idx" ON "held_submissions" USING btree ("expires_at");