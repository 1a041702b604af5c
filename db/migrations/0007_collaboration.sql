CREATE TABLE "message_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"project_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"project_id" text PRIMARY KEY NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_message_side" text NOT NULL,
	"customer_read_at" timestamp with time zone,
	"studio_read_at" timestamp with time zone,
	"customer_mailed_at" timestamp with time zone,
	"studio_mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"author_id" text,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "revisions_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "revision_rounds" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "revision_requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "revision_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_project_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."project_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_activity" ADD CONSTRAINT "project_activity_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_activity" ADD CONSTRAINT "project_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_message" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_attachments_project" ON "message_attachments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "message_threads_unanswered" ON "message_threads" USING btree ("last_message_side");--> statement-breakpoint
CREATE INDEX "project_activity_project" ON "project_activity" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_messages_project" ON "project_messages" USING btree ("project_id","created_at","id");--> statement-breakpoint
-- A new message is a live event for the project's customer and for every admin (README decision
-- 19), written by a trigger in the message's own transaction.
CREATE FUNCTION live_events_from_new_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (audience, type, payload)
  SELECT audience, 'message_posted', jsonb_build_object('projectId', m.project_id, 'messageId', m.id)
  FROM inserted m JOIN projects p ON p.id = m.project_id
  CROSS JOIN LATERAL (VALUES (p.creator_id), ('admins')) AS a(audience);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_messages_live_events AFTER INSERT ON project_messages REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_from_new_messages();
