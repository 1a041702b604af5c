-- Mail now runs on the job queue. Messages still unsent at the upgrade become failed mail that an
-- admin sends with one click on /admin/mail (README Decision 20): the queue's tables do not exist
-- yet while migrations run, and a two-release hand-over is not worth it for a handful of rows.
INSERT INTO "failed_mails" ("id", "to", "reply_to", "subject", "text", "html", "error", "failed_at")
SELECT "id", "to", "reply_to", "subject", "text", "html",
  'Not yet delivered when this server moved mail onto the job queue' || coalesce(' (last error: ' || "last_error" || ')', ''), now()
FROM "mail_outbox" WHERE "sent_at" IS NULL
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;
