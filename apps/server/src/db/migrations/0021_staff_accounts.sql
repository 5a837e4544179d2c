CREATE TABLE "staff_health_systems" (
	"user_id" uuid NOT NULL,
	"health_system_id" uuid NOT NULL,
	CONSTRAINT "staff_health_systems_user_id_health_system_id_pk" PRIMARY KEY("user_id","health_system_id")
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" varchar(16) NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_role_check" CHECK ("staff_members"."role" in ('studyAdmin', 'coordinator', 'helpDesk', 'analyst', 'auditor'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
ALTER TABLE "staff_health_systems" ADD CONSTRAINT "staff_health_systems_user_id_staff_members_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_members"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_health_systems" ADD CONSTRAINT "staff_health_systems_health_system_id_health_systems_id_fk" FOREIGN KEY ("health_system_id") REFERENCES "public"."health_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_user_idx" ON "staff_invitations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending', 'active', 'withdrawn', 'deactivated'));--> statement-breakpoint
-- Every administrator there is becomes a study administrator.
INSERT INTO "staff_members" ("user_id", "role", "created_at")
SELECT "id", 'studyAdmin', "created_at" FROM "users" WHERE "role" = 'admin';--> statement-breakpoint
-- A change of role or health systems is announced like any other account change: a server on the embedded database
-- drops the sessions it keeps in memory, so the next call reads the new role and scope.
CREATE TRIGGER staff_members_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff_members"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_account_change();--> statement-breakpoint
CREATE TRIGGER staff_health_systems_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff_health_systems"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_account_change();
