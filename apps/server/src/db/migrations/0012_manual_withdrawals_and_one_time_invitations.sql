CREATE TABLE "manual_withdrawal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(320) NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"closed_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "manual_withdrawal_requests_status_check" CHECK ("manual_withdrawal_requests"."status" in ('pending', 'carriedOut', 'deleted', 'skipped')),
	CONSTRAINT "manual_withdrawal_requests_closed_check" CHECK (("manual_withdrawal_requests"."status" = 'pending') = ("manual_withdrawal_requests"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "one_time_survey_users" ADD COLUMN "email_id" uuid;--> statement-breakpoint
ALTER TABLE "one_time_survey_users" ADD COLUMN "failure_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "one_time_surveys" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_surveys" ADD COLUMN "invitations_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manual_withdrawal_requests" ADD CONSTRAINT "manual_withdrawal_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_withdrawal_requests" ADD CONSTRAINT "manual_withdrawal_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_withdrawal_requests" ADD CONSTRAINT "manual_withdrawal_requests_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_withdrawal_requests_pending_email_unique" ON "manual_withdrawal_requests" USING btree (lower("email")) WHERE "manual_withdrawal_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "manual_withdrawal_requests_due_idx" ON "manual_withdrawal_requests" USING btree ("due_at") WHERE "manual_withdrawal_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "one_time_survey_users" ADD CONSTRAINT "one_time_survey_users_email_id_email_messages_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_surveys_unsent_idx" ON "one_time_surveys" USING btree ("send_date") WHERE "one_time_surveys"."invitations_sent_at" is null;--> statement-breakpoint
ALTER TABLE "one_time_survey_users" ADD CONSTRAINT "one_time_survey_users_failure_check" CHECK ("one_time_survey_users"."failure_reason" is null or "one_time_survey_users"."failure_reason" in ('withdrawn', 'emailsOff', 'addressRefused'));