-- The account triggers announce a change only on a connection that listens for it: a server on the embedded
-- database sets portal.announce_account_changes to 'on' for its one connection. On PostgreSQL no process keeps
-- account rows in memory, and a transaction that notifies takes a database-wide lock while it commits, so there
-- the setting stays unset and nothing is sent.
CREATE OR REPLACE FUNCTION announce_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.announce_account_changes', true) = 'on' THEN
    PERFORM pg_notify('portal_changes', 'accounts');
  END IF;
  RETURN NULL;
END $$;
