-- A change of the security policy is announced like a change of an account (migrations 0018 and 0019): a server on
-- the embedded database keeps what a sign-in reads, the account with the policy, until either changes.
CREATE TRIGGER security_policy_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "security_policy"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_account_change();
