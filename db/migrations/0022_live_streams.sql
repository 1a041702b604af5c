CREATE TABLE "live_streams" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_streams_session" ON "live_streams" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "live_streams_seen" ON "live_streams" USING btree ("seen_at");