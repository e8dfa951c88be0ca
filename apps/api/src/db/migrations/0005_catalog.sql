ALTER TABLE "products" ADD COLUMN "pack_size" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "was_price_cents" integer;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (to_tsvector('simple', "name" || ' ' || "description"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_size_positive" CHECK ("products"."pack_size" is null or "products"."pack_size" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_unit_known" CHECK ("products"."pack_unit" is null or "products"."pack_unit" in ('g', 'ml', 'each'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_was_price_non_negative" CHECK ("products"."was_price_cents" is null or "products"."was_price_cents" >= 0);