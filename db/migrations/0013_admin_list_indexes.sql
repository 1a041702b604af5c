-- The admins' project list always filters on archived and orders by (created_at, id); it offers
-- a status and a paid filter, alone or together. An index per filter in that order makes a page
-- and its count ahead index-only scans (decision 59): status and paid together had read 18,000
-- rows by a sequential scan to count 1,001, and page 100 joined every row it skipped.
DROP INDEX "projects_status_created";--> statement-breakpoint
DROP INDEX "projects_paid_created";--> statement-breakpoint
DROP INDEX "projects_archived_created";--> statement-breakpoint
CREATE INDEX "projects_archived_status_created" ON "projects" USING btree ("archived","status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_archived_paid_created" ON "projects" USING btree ("archived","received_payment","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_archived_status_paid_created" ON "projects" USING btree ("archived","status","received_payment","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_archived_created" ON "projects" USING btree ("archived","created_at","id");