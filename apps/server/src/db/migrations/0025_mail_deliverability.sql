CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(32) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notice_id" uuid,
	"email_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."kind" in ('consentReminder', 'updatedConsentReminder', 'surveyReminder', 'oneTimeInvitation', 'notice')),
	CONSTRAINT "inbox_messages_notice_check" CHECK (("inbox_messages"."kind" = 'notice') = ("inbox_messages"."notice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "study_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"title_sp" varchar(200) NOT NULL,
	"body_en" text NOT NULL,
	"body_sp" text NOT NULL,
	"health_system_id" uuid,
	"posted_by" uuid NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_category_choices" (
	"user_id" uuid NOT NULL,
	"category" varchar(16) NOT NULL,
	"subscribed" boolean NOT NULL,
	"source" varchar(16) NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_category_choices_user_id_category_pk" PRIMARY KEY("user_id","category"),
	CONSTRAINT "mail_category_choices_category_check" CHECK ("mail_category_choices"."category" in ('reminders', 'invitations', 'news')),
	CONSTRAINT "mail_category_choices_source_check" CHECK ("mail_category_choices"."source" in ('settings', 'link', 'oneClick'))
);
--> statement-breakpoint
CREATE TABLE "mail_pace" (
	"pace_key" varchar(255) NOT NULL,
	"minute" bigint NOT NULL,
	"granted" integer NOT NULL,
	CONSTRAINT "mail_pace_pace_key_minute_pk" PRIMARY KEY("pace_key","minute")
);
--> statement-breakpoint
CREATE TABLE "mail_provider_events" (
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(200) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(320) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	CONSTRAINT "mail_suppressions_reason_check" CHECK ("mail_suppressions"."reason" in ('bounce', 'complaint')),
	CONSTRAINT "mail_suppressions_provider_check" CHECK ("mail_suppressions"."provider" in ('sendgrid', 'ses'))
);
--> statement-breakpoint
ALTER TABLE "one_time_survey_users" DROP CONSTRAINT "one_time_survey_users_failure_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "category" varchar(16) DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "pace_key" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_notice_id_study_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."study_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_email_id_email_messages_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_notices" ADD CONSTRAINT "study_notices_health_system_id_health_systems_id_fk" FOREIGN KEY ("health_system_id") REFERENCES "public"."health_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_notices" ADD CONSTRAINT "study_notices_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_category_choices" ADD CONSTRAINT "mail_category_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_user_idx" ON "inbox_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_messages_unread_idx" ON "inbox_messages" USING btree ("user_id") WHERE "inbox_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "inbox_messages_notice_mail_idx" ON "inbox_messages" USING btree ("created_at","id") WHERE "inbox_messages"."notice_id" is not null and "inbox_messages"."email_id" is null;--> statement-breakpoint
CREATE INDEX "mail_provider_events_received_idx" ON "mail_provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_suppressions_in_force" ON "mail_suppressions" USING btree (lower("email")) WHERE "mail_suppressions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_suppressions_created_idx" ON "mail_suppressions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_messages_bulk_due_idx" ON "email_messages" USING btree ("pace_key","next_attempt_at") WHERE "email_messages"."status" in ('queued', 'sending') and "email_messages"."priority" = 2;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_category_check" CHECK ("email_messages"."category" in ('account', 'reminders', 'invitations', 'news'));--> statement-breakpoint
ALTER TABLE "one_time_survey_users" ADD CONSTRAINT "one_time_survey_users_failure_check" CHECK ("one_time_survey_users"."failure_reason" is null or "one_time_survey_users"."failure_reason" in ('withdrawn', 'emailsOff', 'unsubscribed', 'addressRefused', 'addressSuppressed'));--> statement-breakpoint
UPDATE "email_messages" SET "category" = 'reminders' WHERE "template" IN ('activation-reminder', 'consent-reminder', 'survey-reminder');--> statement-breakpoint
UPDATE "email_messages" SET "category" = 'invitations' WHERE "template" = 'one-time-invitation';--> statement-breakpoint
UPDATE "email_messages" SET "pace_key" = CASE
  WHEN lower(split_part("recipient", '@', 2)) IN ('outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'passport.com', 'windowslive.com') THEN 'microsoft'
  WHEN lower(split_part("recipient", '@', 2)) IN ('yahoo.com', 'ymail.com', 'rocketmail.com', 'aol.com', 'aim.com') THEN 'yahoo'
  WHEN lower(split_part("recipient", '@', 2)) IN ('gmail.com', 'googlemail.com') THEN 'google'
  ELSE lower(split_part("recipient", '@', 2)) END
WHERE "status" IN ('queued', 'sending');
