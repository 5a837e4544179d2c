CREATE TABLE "health_system_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"health_system" varchar(64) NOT NULL,
	"label" varchar(100) NOT NULL,
	"key_prefix" varchar(16) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "health_system_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "health_system_verification_counts" (
	"health_system" varchar(64) PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" varchar(16) NOT NULL,
	"status" boolean,
	"actor_id" uuid,
	"api_key_id" uuid,
	"requested" integer NOT NULL,
	"applied" integer NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"undoes_batch_id" uuid,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"undo_batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"old_status" boolean,
	"new_status" boolean,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_system_verifications" ADD COLUMN "last_change_id" bigint;--> statement-breakpoint
ALTER TABLE "health_system_api_keys" ADD CONSTRAINT "health_system_api_keys_health_system_health_systems_database_value_fk" FOREIGN KEY ("health_system") REFERENCES "public"."health_systems"("database_value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_api_keys" ADD CONSTRAINT "health_system_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_system_api_keys" ADD CONSTRAINT "health_system_api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_batches" ADD CONSTRAINT "verification_batches_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_batches" ADD CONSTRAINT "verification_batches_api_key_id_health_system_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."health_system_api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_batches" ADD CONSTRAINT "verification_batches_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_changes" ADD CONSTRAINT "verification_changes_batch_id_verification_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."verification_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_changes" ADD CONSTRAINT "verification_changes_user_id_health_system_verifications_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."health_system_verifications"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_system_api_keys_system_idx" ON "health_system_api_keys" USING btree ("health_system");--> statement-breakpoint
CREATE INDEX "verification_batches_created_idx" ON "verification_batches" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "verification_changes_batch_idx" ON "verification_changes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "verification_changes_user_idx" ON "verification_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hsv_system_updated_idx" ON "health_system_verifications" USING btree ("health_system","updated_at","user_id");--> statement-breakpoint
CREATE INDEX "hsv_system_user_idx" ON "health_system_verifications" USING btree ("health_system","user_id");--> statement-breakpoint
CREATE INDEX "hsv_updated_idx" ON "health_system_verifications" USING btree ("updated_at","user_id");--> statement-breakpoint
CREATE INDEX "hsv_pending_idx" ON "health_system_verifications" USING btree ("health_system","consented_at","user_id") WHERE "health_system_verifications"."is_verified" is null;--> statement-breakpoint
INSERT INTO "health_system_verification_counts" ("health_system", "total")
SELECT "health_system", count(*) FROM "health_system_verifications" GROUP BY "health_system";--> statement-breakpoint
CREATE FUNCTION "add_to_verification_counts"("counts" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "health_system_verification_counts" ("health_system", "total")
  SELECT "key", "value"::bigint FROM jsonb_each_text("counts")
  ON CONFLICT ("health_system") DO UPDATE SET "total" = "health_system_verification_counts"."total" + EXCLUDED."total";
$$;--> statement-breakpoint
CREATE FUNCTION "count_inserted_verifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per statement: one grouped change per health system, however many rows the statement wrote.
  PERFORM "add_to_verification_counts"(coalesce(jsonb_object_agg("health_system", "n"), '{}'))
  FROM (SELECT "health_system", count(*) AS "n" FROM "new_rows" GROUP BY "health_system") g;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "count_deleted_verifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_to_verification_counts"(coalesce(jsonb_object_agg("health_system", -"n"), '{}'))
  FROM (SELECT "health_system", count(*) AS "n" FROM "old_rows" GROUP BY "health_system") g;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "count_moved_verification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."health_system" IS DISTINCT FROM OLD."health_system" THEN
    PERFORM "add_to_verification_counts"(jsonb_build_object(OLD."health_system", -1, NEW."health_system", 1));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "health_system_verifications_count_inserted"
AFTER INSERT ON "health_system_verifications" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_verifications"();--> statement-breakpoint
CREATE TRIGGER "health_system_verifications_count_deleted"
AFTER DELETE ON "health_system_verifications" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_verifications"();--> statement-breakpoint
CREATE TRIGGER "health_system_verifications_count_moved"
AFTER UPDATE OF "health_system" ON "health_system_verifications"
FOR EACH ROW EXECUTE FUNCTION "count_moved_verification"();
