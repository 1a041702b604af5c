-- Open event streams end with their authorisation (decision 081). Every deleted session row (one
-- sign-out, "sign out every other device", a password change or reset, an MFA reset, expiry, and
-- the cascade of an account's deletion) is announced on 'session_ended' at commit, to every
-- instance; a trigger, so no path that ends a session can forget to. Per row: the payload is two
-- ids, and an instance looks each one up in a map.
CREATE FUNCTION session_ended_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', json_build_object('sessionId', OLD.id, 'userId', OLD.user_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION session_ended_notify();
--> statement-breakpoint
-- What decides a user's roles (src/http/actor.ts: the flags, the stored keys, and a second factor
-- under REQUIRE_ADMIN_MFA) changed: their open streams reconnect and listen as who they now are.
CREATE FUNCTION user_access_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_access_changed', json_build_object('userId', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_changed
  AFTER UPDATE OF is_admin, admin_key, is_super_admin, super_admin_key, totp_secret_enc ON users
  FOR EACH ROW
  WHEN ((OLD.is_admin, OLD.admin_key, OLD.is_super_admin, OLD.super_admin_key, OLD.totp_secret_enc IS NULL)
    IS DISTINCT FROM (NEW.is_admin, NEW.admin_key, NEW.is_super_admin, NEW.super_admin_key, NEW.totp_secret_enc IS NULL))
  EXECUTE FUNCTION user_access_changed_notify();
