CREATE TABLE "reminder_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(32) NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_days_type_days_unique" UNIQUE("type","days"),
	CONSTRAINT "reminder_days_type_check" CHECK ("reminder_days"."type" in ('ACCOUNT_ACTIVATION', 'ICF', 'SURVEY')),
	CONSTRAINT "reminder_days_days_check" CHECK ("reminder_days"."days" between 1 and 365)
);
--> statement-breakpoint
CREATE INDEX "audit_log_setting_changes_idx" ON "audit_log" USING btree (("details" ->> 'setting'),"at") WHERE "audit_log"."action" = 'setting.changed';