ALTER TABLE "notifications" ADD COLUMN "project_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "bug_report_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_bug_report_id_bug_reports_id_fk" FOREIGN KEY ("bug_report_id") REFERENCES "public"."bug_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_project" ON "notifications" USING btree ("project_id") WHERE "notifications"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_invoice" ON "notifications" USING btree ("invoice_id") WHERE "notifications"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_bug_report" ON "notifications" USING btree ("bug_report_id") WHERE "notifications"."bug_report_id" is not null;