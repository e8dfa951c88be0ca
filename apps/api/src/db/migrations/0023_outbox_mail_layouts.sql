-- A queued mail keeps what it says as its layout's blocks (JSON, about a third of the size) instead of its text
-- and HTML renderings: the worker renders it when it sends it. Writing the two renderings (3.5 KB an order's mail)
-- was a fifth of order/create's cost. Rows written before keep their renderings and are sent as they are.
ALTER TABLE "outbox_mails" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mails" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_content_or_bodies" CHECK ("outbox_mails"."content" is not null or ("outbox_mails"."text_body" is not null and "outbox_mails"."html_body" is not null));