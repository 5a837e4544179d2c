ALTER TABLE "verification_batches" ADD COLUMN "health_systems" varchar(64)[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Each earlier batch names the health systems of the records it changed and of those it left out for a reason
-- that names a record (the participant withdrew, or a later change touched it), as new batches do.
UPDATE "verification_batches" "b" SET "health_systems" = array(
  SELECT "h"."health_system" FROM "verification_changes" "c"
  JOIN "health_system_verifications" "h" ON "h"."user_id" = "c"."user_id"
  WHERE "c"."batch_id" = "b"."id"
  UNION
  SELECT "h"."health_system" FROM jsonb_array_elements("b"."skipped") "s"
  JOIN "health_system_verifications" "h" ON "h"."user_id" = CASE
    WHEN "s" ->> 'reason' IN ('withdrawn', 'changedSince') THEN ("s" ->> 'userId')::uuid END
  ORDER BY 1
);--> statement-breakpoint
CREATE INDEX "users_withdrawn_health_system_idx" ON "users" USING btree ("health_system","id") WHERE "users"."status" = 'withdrawn';