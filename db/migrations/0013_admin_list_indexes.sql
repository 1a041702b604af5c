-- The admins' project list always filters on archived and orders by (created_at, id); it offers
-- a status and a paid filter, alone or together, and a title search. An index per filter in that
-- order makes a page and its count ahead index-only scans, and one GIN index over the title's
-- trigrams and the three filters serves a title with any of them (decision 59). btree_gin gives
-- the plain columns their GIN operator classes.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "projects_status_created";--> statement-breakpoint
DROP INDEX "projects_paid_created";--> statement-breakpoint
DROP INDEX "projects_name_trgm";--> statement-breakpoint
DROP INDEX "projects_archived_created";--> statement-breakpoint
CREATE INDEX "projects_archived_status_created" ON "projects" USING btree ("archived","status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_archived_paid_created" ON "projects" USING btree ("archived","received_payment","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_archived_status_paid_created" ON "projects" USING btree ("archived","status","received_payment","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_search" ON "projects" USING gin ("project_name" gin_trgm_ops,"archived","status","received_payment") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_archived_created" ON "projects" USING btree ("archived","created_at","id");