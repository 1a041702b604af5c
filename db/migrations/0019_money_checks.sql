-- Money checks (decision 084). A payment says whether it pays its invoice (`applied`): card money
-- whose amount or currency differs, or that arrives for a void invoice, a deleted project or an
-- invoice already paid, is kept as money received but pays nothing, and raises a "needs attention"
-- entry (payment_issues) until an admin resolves it. A refused refund keeps Stripe's reason. The
-- Checkout Sessions the app opens are remembered, so marking paid by hand can warn of one in flight.
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"payment_id" text,
	"invoice_id" text,
	"stripe_id" text,
	"amount_cents" integer,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "applied" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_invoice" ON "checkout_sessions" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_issues_key" ON "payment_issues" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payment_issues_open" ON "payment_issues" USING btree ("created_at") WHERE "payment_issues"."resolved_at" is null;--> statement-breakpoint
-- Needs-attention entries are records like payments: never deleted.
CREATE TRIGGER payment_issues_not_deleted BEFORE DELETE OR TRUNCATE ON "payment_issues" FOR EACH STATEMENT EXECUTE FUNCTION money_rows_not_deleted();--> statement-breakpoint
-- Card payments recorded (by decision 077) for a void invoice or a deleted project, and not refunded:
-- they paid nothing, and an admin must refund them.
UPDATE "payments" p SET "applied" = false
  FROM "invoices" i
  WHERE i."id" = p."invoice_id" AND i."status" = 'void' AND p."kind" = 'payment' AND p."method" = 'card';--> statement-breakpoint
INSERT INTO "payment_issues" ("id", "key", "kind", "message", "payment_id", "invoice_id", "stripe_id", "amount_cents", "currency", "created_at")
  SELECT 'm17' || substr(md5(p."id"), 1, 23), 'payment:' || coalesce(p."provider_payment_intent_id", p."id"),
    CASE WHEN p."project_id" IS NULL THEN 'project_deleted' ELSE 'void_invoice' END,
    'A card payment arrived for an invoice that cannot be paid (void, or its project deleted); refund it.',
    p."id", p."invoice_id", p."provider_payment_intent_id", p."amount_cents", p."currency", p."created_at"
  FROM "payments" p
  WHERE p."kind" = 'payment' AND p."applied" = false
  AND NOT EXISTS (SELECT 1 FROM "payments" r WHERE r."payment_id" = p."id" AND r."status" <> 'failed');
