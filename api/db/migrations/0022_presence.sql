CREATE TABLE "presence" (
	"user_id" uuid NOT NULL,
	"application_id" text NOT NULL,
	"section_id" uuid NOT NULL,
	"editing" boolean NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "presence_user_id_application_id_pk" PRIMARY KEY("user_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_application_seen_idx" ON "presence" USING btree ("application_id","seen_at");