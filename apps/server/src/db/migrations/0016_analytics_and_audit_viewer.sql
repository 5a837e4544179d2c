ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_payload_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_retry_of_email_messages_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."email_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "email_messages_created_idx" ON "email_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_messages_failed_idx" ON "email_messages" USING btree ("last_attempt_at") WHERE "email_messages"."status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_retry_once" ON "email_messages" USING btree ("retry_of");--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_payload_check" CHECK ("email_messages"."payload" is null or "email_messages"."status" in ('queued', 'sending', 'failed'));