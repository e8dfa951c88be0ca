ALTER TABLE "customers" ADD COLUMN "email_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_refused_reason" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "order_id" integer;