-- When the customer signed in, carried over by every renewal, so a session renewed for ever still ends SESSION_MAX_DAYS
-- after sign-in (session.service.ts). Sessions already live count from when their current token was issued.
ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "signed_in_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "signed_in_at" SET NOT NULL;
