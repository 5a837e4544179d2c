CREATE TABLE "reminder_dispatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" varchar(32) NOT NULL,
	"round_number" integer DEFAULT 0 NOT NULL,
	"days" integer NOT NULL,
	"email_id" uuid,
	"skipped_reason" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_dispatches_type_check" CHECK ("reminder_dispatches"."type" in ('ACCOUNT_ACTIVATION', 'ICF', 'SURVEY')),
	CONSTRAINT "reminder_dispatches_outcome_check" CHECK (("reminder_dispatches"."email_id" is null) <> ("reminder_dispatches"."skipped_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_status_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "smtp_reply" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "smtp_code" integer;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "recipient_refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "suppressed_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
UPDATE "email_messages" SET "status" = 'failed', "error" = 'Not delivered before the delivery ledger; its content was not kept.' WHERE "status" = 'queued';--> statement-breakpoint
ALTER TABLE "reminder_dispatches" ADD CONSTRAINT "reminder_dispatches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_dispatches" ADD CONSTRAINT "reminder_dispatches_email_id_email_messages_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_dispatches_once" ON "reminder_dispatches" USING btree ("user_id","type","round_number","days");--> statement-breakpoint
CREATE INDEX "email_messages_due_idx" ON "email_messages" USING btree ("priority","next_attempt_at") WHERE "email_messages"."status" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_priority_check" CHECK ("email_messages"."priority" between 0 and 2);--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_payload_check" CHECK ("email_messages"."payload" is null or "email_messages"."status" in ('queued', 'sending'));--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_status_check" CHECK ("email_messages"."status" in ('queued', 'sending', 'sent', 'failed', 'suppressed'));