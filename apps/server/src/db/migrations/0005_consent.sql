CREATE TABLE "consent_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"health_system_id" uuid,
	"language" varchar(2) NOT NULL,
	"version" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_id" uuid NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"retired_at" timestamp with time zone,
	CONSTRAINT "consent_forms_language_check" CHECK ("consent_forms"."language" in ('en', 'sp'))
);
--> statement-breakpoint
CREATE TABLE "consent_input_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500) NOT NULL,
	"type" varchar(32) NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"is_required" boolean NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "consent_input_fields_place_check" CHECK ("consent_input_fields"."page" >= 1 and "consent_input_fields"."x" >= 0 and "consent_input_fields"."y" >= 0),
	CONSTRAINT "consent_input_fields_size_check" CHECK ("consent_input_fields"."width" > 0 and "consent_input_fields"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "consent_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"form_sha256" varchar(64) NOT NULL,
	"signed_file_id" uuid NOT NULL,
	"signed_sha256" varchar(64) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signer_name" varchar(200) NOT NULL,
	"signer_email" varchar(320) NOT NULL,
	"signature_method" varchar(16) NOT NULL,
	"field_values" jsonb NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(500),
	CONSTRAINT "consent_signatures_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "consent_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"source" varchar(16) NOT NULL,
	"requested_by" uuid,
	CONSTRAINT "consent_withdrawals_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "consent_withdrawals_source_check" CHECK ("consent_withdrawals"."source" in ('participant', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "signing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_status_check";--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_health_system_id_health_systems_id_fk" FOREIGN KEY ("health_system_id") REFERENCES "public"."health_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_input_fields" ADD CONSTRAINT "consent_input_fields_form_id_consent_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."consent_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_input_fields" ADD CONSTRAINT "consent_input_fields_type_consent_field_types_value_fk" FOREIGN KEY ("type") REFERENCES "public"."consent_field_types"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_form_id_consent_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."consent_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_signed_file_id_stored_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_withdrawals" ADD CONSTRAINT "consent_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_codes" ADD CONSTRAINT "signing_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_forms_current_unique" ON "consent_forms" USING btree (coalesce("health_system_id", '00000000-0000-0000-0000-000000000000'::uuid),"language") WHERE "consent_forms"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_forms_version_unique" ON "consent_forms" USING btree (coalesce("health_system_id", '00000000-0000-0000-0000-000000000000'::uuid),"language","version");--> statement-breakpoint
CREATE INDEX "consent_input_fields_form_idx" ON "consent_input_fields" USING btree ("form_id","sort_order");--> statement-breakpoint
CREATE INDEX "consent_withdrawals_date_idx" ON "consent_withdrawals" USING btree ("withdrawn_at");--> statement-breakpoint
CREATE INDEX "signing_codes_user_idx" ON "signing_codes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_status_check" CHECK ("email_messages"."status" in ('queued', 'sent', 'failed', 'suppressed'));--> statement-breakpoint
-- Signed copies, signatures and withdrawals are evidence: rows are added, never changed or removed.
CREATE FUNCTION refuse_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stored_files_append_only BEFORE UPDATE OR DELETE ON stored_files
  FOR EACH ROW EXECUTE FUNCTION refuse_row_change();
--> statement-breakpoint
CREATE TRIGGER consent_signatures_append_only BEFORE UPDATE OR DELETE ON consent_signatures
  FOR EACH ROW EXECUTE FUNCTION refuse_row_change();
--> statement-breakpoint
CREATE TRIGGER consent_withdrawals_append_only BEFORE UPDATE OR DELETE ON consent_withdrawals
  FOR EACH ROW EXECUTE FUNCTION refuse_row_change();
