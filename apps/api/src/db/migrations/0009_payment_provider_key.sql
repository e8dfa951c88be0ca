-- The name a payment's capture and refunds are sent to its provider under (payment.service.ts). Keys built from the
-- row id collided when an id came round again (a restored backup, a reset development database against the same
-- sandbox account) and could replay another payment's capture. Payments already recorded keep their id, so a
-- capture or refund of theirs that is retried after this migration is sent under the key it was first sent with.
ALTER TABLE "payments" ADD COLUMN "provider_key" text;--> statement-breakpoint
UPDATE "payments" SET "provider_key" = "id"::text;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider_key" SET DEFAULT gen_random_uuid()::text;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider_key" SET NOT NULL;
