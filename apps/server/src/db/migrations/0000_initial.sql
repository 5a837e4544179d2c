CREATE TABLE "app_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"action" varchar(64) NOT NULL,
	"subject_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "consent_field_types" (
	"value" varchar(32) PRIMARY KEY NOT NULL,
	"label" varchar(64) NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downtime_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enable_downtime" boolean DEFAULT false NOT NULL,
	"message_en" varchar(255) DEFAULT '' NOT NULL,
	"message_sp" varchar(255) DEFAULT '' NOT NULL,
	"effective_start_date" timestamp with time zone,
	"effective_end_date" timestamp with time zone,
	"reminder_days_in_advance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downtime_settings_single_row" CHECK ("downtime_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "dropdown_options" (
	"category" varchar(32) NOT NULL,
	"value" varchar(64) NOT NULL,
	"label_en" varchar(200) NOT NULL,
	"label_sp" varchar(200) NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "dropdown_options_category_value_pk" PRIMARY KEY("category","value")
);
--> statement-breakpoint
CREATE TABLE "health_systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"database_value" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"dropdown_labels" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"onboarded_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_systems_database_value_unique" UNIQUE("database_value")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" varchar(8) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"otp_length" integer NOT NULL,
	"otp_expiry_in_min" integer NOT NULL,
	"otp_enabled_for_patient" boolean NOT NULL,
	"otp_required_before_icf_sign" boolean NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"upper_case_char_count" integer NOT NULL,
	"lower_case_char_count" integer NOT NULL,
	"digit_char_count" integer NOT NULL,
	"special_char_count" integer NOT NULL,
	"reset_password_again_limit_in_hrs" integer NOT NULL,
	"registration_token_expiry_in_days" integer NOT NULL,
	"failed_attempt_limit" integer NOT NULL,
	"unlock_account_time_in_min" integer NOT NULL,
	"inactive_session_timeout_in_min" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_policy_single_row" CHECK ("security_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(320) NOT NULL,
	"password_hash" text NOT NULL,
	"role" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"birth_date" date,
	"gender" varchar(32),
	"country" varchar(8),
	"postal_code" varchar(16),
	"phone_number" varchar(32),
	"health_system" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('patient', 'admin')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending', 'active', 'withdrawn')),
	CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'sp'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_unique" ON "users" USING btree (lower("email")) WHERE "users"."status" <> 'withdrawn';