CREATE TABLE "access_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"code" text NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"claimed_by_project_id" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bug_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"high_priority" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"reporter_id" text,
	"resolved_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"section" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" serial NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"invoice_type" text NOT NULL,
	"amount" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"icon" text NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_accounts" (
	"provider" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_accounts_provider_provider_user_id_pk" PRIMARY KEY("provider","provider_user_id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_images" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"page_index" integer,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"project_name" text NOT NULL,
	"project_type" text NOT NULL,
	"status" text DEFAULT 'pending-approval' NOT NULL,
	"received_payment" boolean DEFAULT false NOT NULL,
	"refund_issued" boolean DEFAULT false NOT NULL,
	"editing_locked" boolean DEFAULT false NOT NULL,
	"revisions_locked" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"invoice_sent" boolean DEFAULT false NOT NULL,
	"invoice_type" text,
	"invoice_id" text,
	"revision_notes" text DEFAULT '' NOT NULL,
	"creator_name" text NOT NULL,
	"creator_phone_number" text NOT NULL,
	"domain_provider_url" text NOT NULL,
	"project_domain_url" text NOT NULL,
	"domain_provider_username" text NOT NULL,
	"domain_provider_password_enc" text NOT NULL,
	"hero_title" text NOT NULL,
	"hero_message" text NOT NULL,
	"pages_text" jsonb NOT NULL,
	"selected_themes" jsonb NOT NULL,
	"default_theme" integer NOT NULL,
	"selected_tint_colors" jsonb NOT NULL,
	"default_tint_color" integer NOT NULL,
	"custom_tint_color" text,
	"border_radius" text NOT NULL,
	"button_border_radius" text NOT NULL,
	"has_subscriptions" boolean DEFAULT false NOT NULL,
	"subscription_tiers" jsonb NOT NULL,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"facebook_url" text DEFAULT '' NOT NULL,
	"instagram_url" text DEFAULT '' NOT NULL,
	"twitter_url" text DEFAULT '' NOT NULL,
	"access_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"photo_url" text,
	"photo_key" text,
	"password_hash" text,
	"password_expires_at" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"admin_key" text,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"super_admin_key" text,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_claimed_by_project_id_projects_id_fk" FOREIGN KEY ("claimed_by_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_channel_id_notification_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_images" ADD CONSTRAINT "project_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_code_key" ON "access_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "access_codes_created" ON "access_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "access_codes_claimed_created" ON "access_codes" USING btree ("claimed","created_at");--> statement-breakpoint
CREATE INDEX "access_codes_title_trgm" ON "access_codes" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bug_reports_created" ON "bug_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bug_reports_title_trgm" ON "bug_reports" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "faqs_section_created" ON "faqs" USING btree ("section","created_at");--> statement-breakpoint
CREATE INDEX "faqs_title_trgm" ON "faqs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_project" ON "invoices" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_channel_created" ON "notifications" USING btree ("user_id","channel_id","created_at");--> statement-breakpoint
CREATE INDEX "oauth_accounts_user" ON "oauth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_images_project" ON "project_images" USING btree ("project_id","kind","page_index","position");--> statement-breakpoint
CREATE INDEX "projects_creator_created" ON "projects" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_created" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "projects_status_created" ON "projects" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "projects_paid_created" ON "projects" USING btree ("received_payment","created_at");--> statement-breakpoint
CREATE INDEX "projects_archived_created" ON "projects" USING btree ("archived","created_at");--> statement-breakpoint
CREATE INDEX "projects_name_trgm" ON "projects" USING gin ("project_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_display_name_trgm" ON "users" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_admins" ON "users" USING btree ("is_admin") WHERE "users"."is_admin" or "users"."is_super_admin";