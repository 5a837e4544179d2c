CREATE TABLE "consent_form_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"health_system_id" uuid,
	"language" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_form_documents_language_check" CHECK ("consent_form_documents"."language" in ('en', 'sp'))
);
--> statement-breakpoint
-- Each chain of versions (one health system, or the default form, in one language) becomes one form whose id is
-- its latest version's: the id administrators' clients hold today goes on naming the same form.
INSERT INTO "consent_form_documents" ("id", "health_system_id", "language", "created_at")
SELECT (array_agg("id" ORDER BY "version" DESC))[1], "health_system_id", "language", min("created_at")
FROM "consent_forms"
GROUP BY "health_system_id", "language";--> statement-breakpoint
ALTER TABLE "consent_forms" ADD COLUMN "document_id" uuid;--> statement-breakpoint
UPDATE "consent_forms" SET "document_id" = "consent_form_documents"."id"
FROM "consent_form_documents"
WHERE "consent_form_documents"."health_system_id" IS NOT DISTINCT FROM "consent_forms"."health_system_id"
  AND "consent_form_documents"."language" = "consent_forms"."language";--> statement-breakpoint
ALTER TABLE "consent_forms" ALTER COLUMN "document_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_input_fields" ADD COLUMN "field_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- A field is the same field in every version of its form where it has the same name (when the name is given and
-- unique in the version), else the same type and description (when unique), else the same place in the order.
-- Each gets the id of its row in the newest version that has it, so today's ids of current fields stay valid.
WITH "keyed" AS (
  SELECT "field"."id", "form"."document_id", "form"."version",
    CASE
      WHEN "field"."name" <> '' AND count(*) OVER (PARTITION BY "field"."form_id", "field"."name") = 1
        THEN 'name:' || "field"."name"
      WHEN count(*) OVER (PARTITION BY "field"."form_id", "field"."type", "field"."description") = 1
        THEN 'description:' || "field"."type" || ':' || "field"."description"
      ELSE 'order:' || "field"."sort_order"
    END AS "match_key"
  FROM "consent_input_fields" "field"
  JOIN "consent_forms" "form" ON "form"."id" = "field"."form_id"
), "matched" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY "document_id", "match_key" ORDER BY "version" DESC) AS "field_id"
  FROM "keyed"
)
UPDATE "consent_input_fields" SET "field_id" = "matched"."field_id"
FROM "matched"
WHERE "matched"."id" = "consent_input_fields"."id";--> statement-breakpoint
ALTER TABLE "consent_form_documents" ADD CONSTRAINT "consent_form_documents_health_system_id_health_systems_id_fk" FOREIGN KEY ("health_system_id") REFERENCES "public"."health_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_form_documents_owner_unique" ON "consent_form_documents" USING btree (coalesce("health_system_id", '00000000-0000-0000-0000-000000000000'::uuid),"language");--> statement-breakpoint
ALTER TABLE "consent_forms" ADD CONSTRAINT "consent_forms_document_id_consent_form_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."consent_form_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_input_fields_field_unique" ON "consent_input_fields" USING btree ("field_id","form_id");
