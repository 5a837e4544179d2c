CREATE TABLE "attempt_counters" (
	"key" varchar(160) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "attempt_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "captcha_redemptions" (
	"challenge_id" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"recipient" varchar(320) NOT NULL,
	"template" varchar(64) NOT NULL,
	"language" varchar(2) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"transport" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"error" text,
	"text_body" text,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_messages_status_check" CHECK ("email_messages"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "email_messages_transport_check" CHECK ("email_messages"."transport" in ('smtp', 'outbox'))
);
--> statement-breakpoint
CREATE TABLE "health_system_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"health_system" varchar(64) NOT NULL,
	"is_verified" boolean,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "registration_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "registration_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_verifications" ADD CONSTRAINT "health_system_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_tokens" ADD CONSTRAINT "registration_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_messages_template_idx" ON "email_messages" USING btree ("template","created_at");--> statement-breakpoint
CREATE INDEX "email_messages_recipient_idx" ON "email_messages" USING btree (lower("recipient"),"created_at");--> statement-breakpoint
CREATE INDEX "registration_tokens_user_idx" ON "registration_tokens" USING btree ("user_id");