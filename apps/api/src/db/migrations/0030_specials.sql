-- A product on special (was above price) becomes a special with dates: its regular price is the was price, the
-- special runs from now for eight weeks, when staff will have set its own dates in the back office.
UPDATE "products" SET "price_cents" = "was_price_cents", "special_price_cents" = "price_cents",
  "special_starts_at" = now(), "special_ends_at" = now() + interval '8 weeks'
  WHERE "was_price_cents" > "price_cents";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "was_price_cents";
