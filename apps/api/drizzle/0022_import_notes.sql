CREATE TABLE "session_import_notes" (
	"session_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "session_import_notes_session_id_run_id_line_pk" PRIMARY KEY("session_id","run_id","line")
);
--> statement-breakpoint
ALTER TABLE "session_import_notes" ADD CONSTRAINT "session_import_notes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;