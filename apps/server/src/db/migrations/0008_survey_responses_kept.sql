-- A participant's answers are never deleted, and once submitted never change: the database refuses it too, so
-- no code path or hand-run statement can alter what was handed in.
CREATE FUNCTION survey_responses_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'survey_responses are never deleted';
  END IF;
  IF OLD.submitted_at IS NOT NULL THEN
    RAISE EXCEPTION 'a submitted survey response never changes';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER survey_responses_kept BEFORE UPDATE OR DELETE ON survey_responses
  FOR EACH ROW EXECUTE FUNCTION survey_responses_keep();
