-- The store's payment rounds leave a payment they could not finish (a refund the provider refused, an attempt it
-- cannot give the outcome of) until `retry_at`, backing off with `retries`, so one that keeps failing no longer holds
-- up every payment and unpaid order behind it (order-payment.service.ts).
ALTER TABLE "payments" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "retry_at" timestamp with time zone;