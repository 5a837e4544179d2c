CREATE TABLE "one_time_survey_users" (
	"survey_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invited_at" timestamp with time zone,
	CONSTRAINT "one_time_survey_users_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "one_time_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"send_date" timestamp with time zone NOT NULL,
	"effective_start_date" timestamp with time zone NOT NULL,
	"effective_end_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "one_time_surveys_window_check" CHECK ("one_time_surveys"."effective_end_date" > "one_time_surveys"."effective_start_date")
);
--> statement-breakpoint
CREATE TABLE "survey_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(64) NOT NULL,
	"version" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"title_sp" varchar(200) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_forms_kind_check" CHECK ("survey_forms"."kind" in ('round', 'one-time')),
	CONSTRAINT "survey_forms_version_check" CHECK ("survey_forms"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"form_key" varchar(64) NOT NULL,
	"round_id" uuid,
	"one_time_survey_id" uuid,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page_no" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "survey_responses_owner_check" CHECK (("survey_responses"."round_id" is null) <> ("survey_responses"."one_time_survey_id" is null)),
	CONSTRAINT "survey_responses_page_check" CHECK ("survey_responses"."page_no" >= 0)
);
--> statement-breakpoint
CREATE TABLE "survey_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_rounds_number_check" CHECK ("survey_rounds"."number" >= 1),
	CONSTRAINT "survey_rounds_window_check" CHECK ("survey_rounds"."closes_at" > "survey_rounds"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "survey_tour_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_survey_users" ADD CONSTRAINT "one_time_survey_users_survey_id_one_time_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."one_time_surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_survey_users" ADD CONSTRAINT "one_time_survey_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_surveys" ADD CONSTRAINT "one_time_surveys_form_id_survey_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."survey_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_surveys" ADD CONSTRAINT "one_time_surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_form_id_survey_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."survey_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_round_id_survey_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."survey_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_one_time_survey_id_one_time_surveys_id_fk" FOREIGN KEY ("one_time_survey_id") REFERENCES "public"."one_time_surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rounds" ADD CONSTRAINT "survey_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_survey_users_user_idx" ON "one_time_survey_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_surveys_start_idx" ON "one_time_surveys" USING btree ("effective_start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_forms_key_version_unique" ON "survey_forms" USING btree ("key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_round_form_unique" ON "survey_responses" USING btree ("round_id","form_key") WHERE "survey_responses"."round_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_one_time_user_unique" ON "survey_responses" USING btree ("one_time_survey_id","user_id") WHERE "survey_responses"."one_time_survey_id" is not null;--> statement-breakpoint
CREATE INDEX "survey_responses_user_idx" ON "survey_responses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_rounds_user_number_unique" ON "survey_rounds" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "survey_rounds_window_idx" ON "survey_rounds" USING btree ("opens_at","closes_at");