-- Every committed change to an account's rows (the user, their picture, a session revoked or ended) is announced
-- on the channel portal_changes with the topic 'accounts', once per statement. A server on the embedded database
-- hears it before the committing call returns and drops the sessions and user details it keeps in memory.
CREATE FUNCTION announce_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'accounts');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_account_change();--> statement-breakpoint
CREATE TRIGGER profile_pictures_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profile_pictures"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_account_change();--> statement-breakpoint
CREATE TRIGGER auth_sessions_announce_change AFTER UPDATE OR DELETE OR TRUNCATE ON "auth_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_account_change();
