CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_audience_id" ON "live_events" USING btree ("audience","id");--> statement-breakpoint
CREATE INDEX "live_events_created" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- Live events (README decision 19): triggers write the log row in the transaction of the change,
-- so no feature has to remember to, and the row exists exactly when the change committed. Every
-- row is announced with pg_notify on 'live_events' (the whole row: the payloads are a few ids and
-- flags, far under NOTIFY's 8000 bytes), which Postgres delivers to every instance at commit.
CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_events', json_build_object('id', NEW.id, 'audience', NEW.audience, 'type', NEW.type, 'payload', NEW.payload)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events FOR EACH ROW EXECUTE FUNCTION live_events_notify();
--> statement-breakpoint
-- Statement-level with a transition table: an announcement's fan-out inserts thousands of
-- notifications in one statement, and their log rows follow in one INSERT ... SELECT.
CREATE FUNCTION live_events_from_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (audience, type, payload)
  SELECT n.user_id, 'notification', jsonb_build_object('notificationId', n.id, 'channelID', n.channel_id) FROM inserted n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_live_events AFTER INSERT ON notifications REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_from_notifications();
--> statement-breakpoint
CREATE FUNCTION live_events_from_new_projects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (audience, type, payload)
  SELECT 'admins', 'order_created', jsonb_build_object('projectId', p.id) FROM inserted p;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_live_events_insert AFTER INSERT ON projects REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_from_new_projects();
--> statement-breakpoint
CREATE FUNCTION live_events_from_new_bug_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (audience, type, payload)
  SELECT 'admins', 'bug_report_created', jsonb_build_object('bugReportId', b.id) FROM inserted b;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bug_reports_live_events_insert AFTER INSERT ON bug_reports REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_from_new_bug_reports();
--> statement-breakpoint
-- A project's creator and every admin hear about a change to what the project page shows.
-- (Transition tables cannot go with a column list, so this one is per row.)
CREATE FUNCTION live_events_from_project_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  body jsonb := jsonb_build_object(
    'projectId', NEW.id, 'status', NEW.status, 'receivedPayment', NEW.received_payment,
    'refundIssued', NEW.refund_issued, 'editingLocked', NEW.editing_locked, 'revisionsLocked', NEW.revisions_locked,
    'archived', NEW.archived, 'invoiceSent', NEW.invoice_sent, 'invoiceId', NEW.invoice_id);
BEGIN
  INSERT INTO live_events (audience, type, payload) VALUES (NEW.creator_id, 'project_changed', body), ('admins', 'project_changed', body);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_live_events_update
  AFTER UPDATE OF status, received_payment, refund_issued, editing_locked, revisions_locked, archived, invoice_sent, invoice_id ON projects
  FOR EACH ROW
  WHEN ((OLD.status, OLD.received_payment, OLD.refund_issued, OLD.editing_locked, OLD.revisions_locked, OLD.archived, OLD.invoice_sent, OLD.invoice_id)
    IS DISTINCT FROM (NEW.status, NEW.received_payment, NEW.refund_issued, NEW.editing_locked, NEW.revisions_locked, NEW.archived, NEW.invoice_sent, NEW.invoice_id))
  EXECUTE FUNCTION live_events_from_project_update();
--> statement-breakpoint
-- Any write to the FAQs changes public pages: every instance drops its anonymous render cache
-- (README decision 11). Per statement; identical notifications in one transaction arrive once.
CREATE FUNCTION public_pages_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages_changed', json_build_object('table', TG_TABLE_NAME)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER faqs_public_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs
  FOR EACH STATEMENT EXECUTE FUNCTION public_pages_changed_notify();
