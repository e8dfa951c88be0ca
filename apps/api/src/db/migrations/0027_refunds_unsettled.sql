ALTER TABLE "payments" ADD COLUMN "refund_unsettled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_unsettled_reason" text;