ALTER TABLE "review_assignments" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "review_assignments_list_idx" ON "review_assignments" USING btree ("assigned_at","id");--> statement-breakpoint
CREATE INDEX "review_assignments_status_idx" ON "review_assignments" USING btree ("status","status_changed_at");--> statement-breakpoint
-- Decision 044: the status's times are kept by the database, whoever writes the status (the services, bulk moves, the seed).
-- A row inserted already started (the seed's demo journeys) takes its start from the history, else its assignment time.
CREATE FUNCTION "review_assignments_times"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status IN ('IN_PROGRESS', 'SUBMITTED') AND NEW.started_at IS NULL THEN
      NEW.started_at := coalesce((
        SELECT min(la.created_at) FROM logged_actions la
        WHERE la.application_id = NEW.application_id AND la.user_id = NEW.reviewer_id AND la.created_at >= NEW.assigned_at
          AND (la.action = 'REVIEW_IN_PROGRESS' OR (la.action = 'REVIEW_MARKS_SAVED' AND la.details->>'startedReview' = 'true'))
      ), NEW.assigned_at);
    END IF;
    IF NEW.status = 'SUBMITTED' AND NEW.submitted_at IS NULL THEN NEW.submitted_at := NEW.started_at; END IF;
    IF NEW.status_changed_at IS NULL THEN
      NEW.status_changed_at := CASE NEW.status WHEN 'SUBMITTED' THEN NEW.submitted_at WHEN 'IN_PROGRESS' THEN NEW.started_at ELSE NEW.assigned_at END;
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_changed_at := now();
    IF NEW.status IN ('IN_PROGRESS', 'SUBMITTED') AND NEW.started_at IS NULL THEN NEW.started_at := now(); END IF;
    NEW.submitted_at := CASE WHEN NEW.status = 'SUBMITTED' THEN now() END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "review_assignments_times" BEFORE INSERT OR UPDATE OF "status" ON "review_assignments"
  FOR EACH ROW EXECUTE FUNCTION "review_assignments_times"();--> statement-breakpoint
-- Rows already there: the start from the history, the submission from the decision, an unlock as the last change.
UPDATE "review_assignments" ra SET
  "started_at" = CASE WHEN ra.status IN ('IN_PROGRESS', 'SUBMITTED') THEN coalesce((
    SELECT min(la.created_at) FROM logged_actions la
    WHERE la.application_id = ra.application_id AND la.user_id = ra.reviewer_id AND la.created_at >= ra.assigned_at
      AND (la.action = 'REVIEW_IN_PROGRESS' OR (la.action = 'REVIEW_MARKS_SAVED' AND la.details->>'startedReview' = 'true'))
  ), ra.assigned_at) END,
  "submitted_at" = CASE WHEN ra.status = 'SUBMITTED' THEN coalesce((
    SELECT max(d.submitted_at) FROM review_decisions d WHERE d.application_id = ra.application_id AND d.reviewer_id = ra.reviewer_id
  ), ra.assigned_at) END;--> statement-breakpoint
UPDATE "review_assignments" ra SET "status_changed_at" = CASE ra.status
  WHEN 'SUBMITTED' THEN ra.submitted_at
  WHEN 'IN_PROGRESS' THEN greatest(ra.started_at, (
    SELECT max(u.created_at) FROM review_unlocks u WHERE u.application_id = ra.application_id AND u.reviewer_id = ra.reviewer_id))
  ELSE ra.assigned_at END;
