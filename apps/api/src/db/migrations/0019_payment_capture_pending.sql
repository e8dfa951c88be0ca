-- When a capture of a started payment was answered pending (under review) or not at all: the order page says the
-- provider is still deciding it rather than inviting a second payment.
ALTER TABLE "payments" ADD COLUMN "capture_pending_at" timestamp with time zone;