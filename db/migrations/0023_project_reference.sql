-- Short project references (decision 097): existing projects are numbered in the order they were
-- created, from 1001; new ones take the next number from the identity's sequence.
ALTER TABLE "projects" ADD COLUMN "reference_number" integer;--> statement-breakpoint
UPDATE "projects" SET "reference_number" = "numbered"."n" FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "projects") AS "numbered" WHERE "projects"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "reference_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "reference_number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "projects_reference_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1);--> statement-breakpoint
SELECT setval('"projects_reference_number_seq"', greatest(1000, (SELECT max("reference_number") FROM "projects")));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_reference_number_unique" UNIQUE("reference_number");
