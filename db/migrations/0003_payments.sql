CREATE TABLE "invoice_reminders" (
	"invoice_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"project_id" text NOT NULL,
	"invoice_id" text,
	"payment_id" text,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_payment_intent_id" text,
	"provider_checkout_session_id" text,
	"provider_refund_id" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_deletions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"project_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"invoice_number" integer,
	"amount" integer,
	"due_at" timestamp with time zone,
	"reason" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_project" ON "payments" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_key" ON "payments" USING btree ("provider_payment_intent_id") WHERE "payments"."kind" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_undo_key" ON "payments" USING btree ("payment_id") WHERE "payments"."payment_id" is not null and "payments"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "project_deletions_project_key" ON "project_deletions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_deletions_deleted" ON "project_deletions" USING btree ("deleted_at");--> statement-breakpoint
-- Projects marked paid (or refunded) before payments were records get the records that explain
-- their flags, so deriving the flags from records changes nothing for them.
INSERT INTO "payments" ("id", "kind", "project_id", "invoice_id", "method", "amount_cents", "currency", "status", "created_at")
SELECT p."id", 'payment', p."id", i."id",
  CASE WHEN p."access_code" IS NOT NULL THEN 'access_code' ELSE 'manual' END,
  CASE WHEN p."access_code" IS NOT NULL THEN 0 ELSE coalesce(i."amount", CASE p."project_type" WHEN 's' THEN 250 WHEN 'm' THEN 500 ELSE 1500 END) * 100 END,
  'usd', 'succeeded', p."updated_at"
FROM "projects" p LEFT JOIN "invoices" i ON i."id" = p."invoice_id"
WHERE p."received_payment" OR p."refund_issued";
--> statement-breakpoint
INSERT INTO "payments" ("id", "kind", "project_id", "invoice_id", "payment_id", "method", "amount_cents", "currency", "status", "created_at")
SELECT 'r' || substr(pay."id", 2), 'refund', pay."project_id", pay."invoice_id", pay."id", pay."method", pay."amount_cents", pay."currency", 'succeeded', pay."created_at"
FROM "payments" pay JOIN "projects" p ON p."id" = pay."project_id"
WHERE p."refund_issued";
--> statement-breakpoint
UPDATE "projects" SET "received_payment" = true WHERE "refund_issued";
