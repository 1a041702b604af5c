CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The command palette's trigram indexes take new rows straight into the index rather than into a
-- pending list: a search scans that list whole until vacuum merges it (after the 100k-row seed it
-- cost 7 ms of the palette's budget per query). Orders and reports arrive a few a minute, so the
-- slower insert is nothing beside a predictable search.
ALTER INDEX "users_email_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_display_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "projects_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "access_codes_title_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "bug_reports_title_trgm" SET (fastupdate = off);
