CREATE INDEX "logged_actions_created_idx" ON "logged_actions" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "logged_actions_user_idx" ON "logged_actions" USING btree ("user_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "logged_actions_action_idx" ON "logged_actions" USING btree ("action","created_at","seq");--> statement-breakpoint
CREATE INDEX "logged_actions_application_prefix_idx" ON "logged_actions" USING btree ("application_id" text_pattern_ops);