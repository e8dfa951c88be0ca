ALTER TABLE "payments" ADD COLUMN "recovery_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_declines" integer DEFAULT 0 NOT NULL;