-- A message body may carry a live link or code: the record keeps what was sent to whom, never the body.
ALTER TABLE "email_messages" DROP COLUMN "text_body";--> statement-breakpoint
ALTER TABLE "email_messages" DROP COLUMN "html_body";