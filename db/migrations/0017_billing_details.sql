CREATE TABLE "billing_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"company" text,
	"address" text,
	"tax_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_company" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_tax_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_tax_id" text;--> statement-breakpoint
-- Invoices issued before tax: the package price in dollars is both subtotal and total, no tax.
-- Their billing and studio blocks stay null and read as before (the name and e-mail copied at
-- issue; the studio's configured details).
UPDATE "invoices" SET "subtotal_cents" = "amount" * 100, "total_cents" = "amount" * 100;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
