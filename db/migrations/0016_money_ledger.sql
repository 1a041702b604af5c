-- Money nobody can lose (decision 077). Invoices and payments outlive their project and account: the
-- foreign keys to projects and users become SET NULL instead of CASCADE, and the names an
-- accountant needs are copied onto each row (backfilled here from the rows that still exist).
-- Invoice numbers stop coming from a sequence (a rolled-back insert skipped one): the application
-- takes max + 1 under a lock. An invoice gets a status (open, paid, void) and why it was voided.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "invoices_number_seq";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "project_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "project_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
-- Until now every invoice and payment had its project and its customer (they cascaded away together).
UPDATE "invoices" i SET "project_name" = p."project_name", "customer_name" = u."display_name", "customer_email" = u."email"
  FROM "projects" p, "users" u WHERE p."id" = i."project_id" AND u."id" = i."user_id";--> statement-breakpoint
UPDATE "payments" m SET "project_name" = p."project_name", "customer_name" = u."display_name", "customer_email" = u."email"
  FROM "projects" p, "users" u WHERE p."id" = m."project_id" AND u."id" = p."creator_id";--> statement-breakpoint
UPDATE "invoices" SET "project_name" = coalesce("project_name", ''), "customer_name" = coalesce("customer_name", ''), "customer_email" = coalesce("customer_email", '');--> statement-breakpoint
UPDATE "payments" SET "project_name" = coalesce("project_name", ''), "customer_name" = coalesce("customer_name", ''), "customer_email" = coalesce("customer_email", '');--> statement-breakpoint
-- Paid: a payment for it stands (succeeded, not reversed). Void: the project was denied and it was never paid.
UPDATE "invoices" i SET "status" = 'paid' WHERE EXISTS (
  SELECT 1 FROM "payments" p WHERE p."invoice_id" = i."id" AND p."kind" = 'payment' AND p."status" = 'succeeded'
  AND NOT EXISTS (SELECT 1 FROM "payments" u WHERE u."payment_id" = p."id" AND u."kind" = 'reversal' AND u."status" = 'succeeded'));--> statement-breakpoint
UPDATE "invoices" i SET "status" = 'void', "void_reason" = 'The project was denied.', "voided_at" = now()
  FROM "projects" p WHERE p."id" = i."project_id" AND p."status" = 'denied' AND i."status" = 'open';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "project_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "customer_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "customer_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "project_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "customer_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "customer_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
-- The ledger is append-only for deletes: nothing in the application deletes these rows, and a
-- stray DELETE (by hand or by a future cascade) is refused rather than losing money.
CREATE FUNCTION money_rows_not_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices and payments are never deleted';
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_not_deleted BEFORE DELETE OR TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION money_rows_not_deleted();--> statement-breakpoint
CREATE TRIGGER payments_not_deleted BEFORE DELETE OR TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION money_rows_not_deleted();
--> statement-breakpoint
-- However a project goes (its customer, an admin, the overdue job, or its account's deletion
-- cascading), its open invoices become void in the same statement, so nothing is owed on a
-- project that no longer exists. The reason matches voidReasons.deleted in payments/service.ts.
CREATE FUNCTION void_invoices_of_deleted_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invoices" SET "status" = 'void', "void_reason" = 'The project was deleted.', "voided_at" = now()
    WHERE "project_id" = OLD."id" AND "status" = 'open';
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER projects_void_invoices BEFORE DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION void_invoices_of_deleted_project();
