CREATE TABLE "export_archive_parts" (
	"run_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "export_archive_parts_run_id_part_pk" PRIMARY KEY("run_id","part")
);
--> statement-breakpoint
CREATE TABLE "export_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid NOT NULL,
	"selection" jsonb NOT NULL,
	"deidentified" boolean NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"files_done" integer DEFAULT 0 NOT NULL,
	"files_total" integer DEFAULT 0 NOT NULL,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"archive_name" varchar(200),
	"archive_bytes" bigint,
	"archive_sha256" varchar(64),
	"failure" varchar(100),
	CONSTRAINT "export_runs_status_check" CHECK ("export_runs"."status" in ('queued', 'running', 'done', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "export_archive_parts" ADD CONSTRAINT "export_archive_parts_run_id_export_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."export_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_runs" ADD CONSTRAINT "export_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_runs_one_active_per_person" ON "export_runs" USING btree ("requested_by") WHERE "export_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "export_runs_requested_by_idx" ON "export_runs" USING btree ("requested_by","requested_at");--> statement-breakpoint
CREATE INDEX "export_runs_status_idx" ON "export_runs" USING btree ("status","requested_at");