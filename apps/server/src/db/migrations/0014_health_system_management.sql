CREATE TABLE "consent_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"health_system_id" uuid NOT NULL,
	"language" varchar(2) NOT NULL,
	"form_id" uuid,
	"previous_form_id" uuid,
	"changes" jsonb NOT NULL,
	"reconsent" boolean NOT NULL,
	"participants_asked" integer NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_signatures" DROP CONSTRAINT "consent_signatures_user_id_unique";--> statement-breakpoint
ALTER TABLE "health_systems" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "health_systems" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reconsent_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_publications" ADD CONSTRAINT "consent_publications_health_system_id_health_systems_id_fk" FOREIGN KEY ("health_system_id") REFERENCES "public"."health_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_publications" ADD CONSTRAINT "consent_publications_form_id_consent_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."consent_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_publications" ADD CONSTRAINT "consent_publications_previous_form_id_consent_forms_id_fk" FOREIGN KEY ("previous_form_id") REFERENCES "public"."consent_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_publications_system_idx" ON "consent_publications" USING btree ("health_system_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_signatures_user_form_unique" ON "consent_signatures" USING btree ("user_id","form_id");--> statement-breakpoint
CREATE INDEX "consent_signatures_user_idx" ON "consent_signatures" USING btree ("user_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_systems_name_unique" ON "health_systems" USING btree (lower("name"));--> statement-breakpoint
-- A publication is a record of what participants were asked: never changed nor removed.
CREATE TRIGGER consent_publications_append_only BEFORE UPDATE OR DELETE ON consent_publications
  FOR EACH ROW EXECUTE FUNCTION refuse_row_change();
