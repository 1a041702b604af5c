CREATE TABLE "data_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_version_one_row" CHECK ("data_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Moves the data version on by one, once per transaction, when it commits: the triggers below are
-- deferred, so the row is locked only for the commit itself and two writers never wait on each
-- other while holding other locks. A reader that sees the new version also sees the new data (same
-- commit); one that sees the old version may keep a newer answer under it, which only costs a render.
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.data_version_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
    PERFORM set_config('app.data_version_bumped', 'on', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every table a signed-in page or API answer reads, except those written on hot paths that no
-- answer shows: rate_limits (every sign-in attempt), live_events (written with the change that
-- bumps anyway) and wizard_drafts (autosaved while a visitor types). Sessions count when they
-- begin, end or first name their device, not for "last seen" or a renewed expiry.
CREATE CONSTRAINT TRIGGER "users_data_version" AFTER INSERT OR UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "users_data_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "recovery_codes_data_version" AFTER INSERT OR UPDATE OR DELETE ON "recovery_codes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "recovery_codes_data_version_truncate" AFTER TRUNCATE ON "recovery_codes" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "password_reset_tokens_data_version" AFTER INSERT OR UPDATE OR DELETE ON "password_reset_tokens"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "password_reset_tokens_data_version_truncate" AFTER TRUNCATE ON "password_reset_tokens" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "oauth_accounts_data_version" AFTER INSERT OR UPDATE OR DELETE ON "oauth_accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "oauth_accounts_data_version_truncate" AFTER TRUNCATE ON "oauth_accounts" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_data_version" AFTER INSERT OR UPDATE OR DELETE ON "projects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "projects_data_version_truncate" AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_images_data_version" AFTER INSERT OR UPDATE OR DELETE ON "project_images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "project_images_data_version_truncate" AFTER TRUNCATE ON "project_images" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_codes_data_version" AFTER INSERT OR UPDATE OR DELETE ON "access_codes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "access_codes_data_version_truncate" AFTER TRUNCATE ON "access_codes" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_data_version" AFTER INSERT OR UPDATE OR DELETE ON "invoices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "invoices_data_version_truncate" AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "faqs_data_version" AFTER INSERT OR UPDATE OR DELETE ON "faqs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "faqs_data_version_truncate" AFTER TRUNCATE ON "faqs" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bug_reports_data_version" AFTER INSERT OR UPDATE OR DELETE ON "bug_reports"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "bug_reports_data_version_truncate" AFTER TRUNCATE ON "bug_reports" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "notification_channels_data_version" AFTER INSERT OR UPDATE OR DELETE ON "notification_channels"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "notification_channels_data_version_truncate" AFTER TRUNCATE ON "notification_channels" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "announcements_data_version" AFTER INSERT OR UPDATE OR DELETE ON "announcements"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "announcements_data_version_truncate" AFTER TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "notifications_data_version" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "notifications_data_version_truncate" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "failed_mails_data_version" AFTER INSERT OR UPDATE OR DELETE ON "failed_mails"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "failed_mails_data_version_truncate" AFTER TRUNCATE ON "failed_mails" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_data_version" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "payments_data_version_truncate" AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stripe_events_data_version" AFTER INSERT OR UPDATE OR DELETE ON "stripe_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "stripe_events_data_version_truncate" AFTER TRUNCATE ON "stripe_events" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_reminders_data_version" AFTER INSERT OR UPDATE OR DELETE ON "invoice_reminders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "invoice_reminders_data_version_truncate" AFTER TRUNCATE ON "invoice_reminders" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_deletions_data_version" AFTER INSERT OR UPDATE OR DELETE ON "project_deletions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "project_deletions_data_version_truncate" AFTER TRUNCATE ON "project_deletions" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_activity_data_version" AFTER INSERT OR UPDATE OR DELETE ON "project_activity"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "project_activity_data_version_truncate" AFTER TRUNCATE ON "project_activity" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_messages_data_version" AFTER INSERT OR UPDATE OR DELETE ON "project_messages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "project_messages_data_version_truncate" AFTER TRUNCATE ON "project_messages" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "message_attachments_data_version" AFTER INSERT OR UPDATE OR DELETE ON "message_attachments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "message_attachments_data_version_truncate" AFTER TRUNCATE ON "message_attachments" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "message_threads_data_version" AFTER INSERT OR UPDATE OR DELETE ON "message_threads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "message_threads_data_version_truncate" AFTER TRUNCATE ON "message_threads" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_data_version" AFTER INSERT OR UPDATE OR DELETE ON "audit_log"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "audit_log_data_version_truncate" AFTER TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_data_version" AFTER INSERT OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_device_data_version" AFTER UPDATE OF "user_agent" ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.user_agent IS DISTINCT FROM NEW.user_agent) EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "sessions_data_version_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
