CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"zone" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_was_price_non_negative";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "special_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "special_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "special_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens_contains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens_may_contain" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_statement" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_window_templates" ADD COLUMN "weekdays" integer[] DEFAULT '{1,2,3,4,5,6,7}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_closures_date_zone_key" ON "delivery_closures" USING btree ("date",coalesce("zone", ''));--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_special_whole" CHECK (("products"."special_price_cents" is null) = ("products"."special_starts_at" is null) and ("products"."special_price_cents" is null) = ("products"."special_ends_at" is null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_special_below_price" CHECK ("products"."special_price_cents" is null or ("products"."special_price_cents" >= 0 and "products"."special_price_cents" < "products"."price_cents" and "products"."special_ends_at" > "products"."special_starts_at"));--> statement-breakpoint
ALTER TABLE "delivery_window_templates" ADD CONSTRAINT "delivery_window_templates_weekdays_valid" CHECK (cardinality("delivery_window_templates"."weekdays") > 0 and "delivery_window_templates"."weekdays" <@ '{1,2,3,4,5,6,7}'::int[]);--> statement-breakpoint
-- Every change of a product's stock writes its ledger row here, whatever path made it (checkout, cancel, packing,
-- a staff adjustment, an import), so the ledger sums to the stock. A staff path names its reason, itself and a
-- note with set_config(..., true) in its transaction (catalogue-admin/stock.repo.ts); otherwise a fall is a sale
-- and a rise an order's stock put back.
CREATE FUNCTION "record_stock_movement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
  why text;
BEGIN
  IF TG_OP = 'INSERT' THEN moved := NEW.stock; ELSE moved := NEW.stock - OLD.stock; END IF;
  IF moved = 0 THEN RETURN NULL; END IF;
  why := nullif(current_setting('storefront.stock_reason', true), '');
  IF why IS NULL THEN
    why := CASE WHEN TG_OP = 'INSERT' THEN 'created' WHEN moved < 0 THEN 'sale' ELSE 'order_restocked' END;
  END IF;
  INSERT INTO "stock_movements" ("product_id", "delta", "stock_after", "reason", "staff_id", "note")
  VALUES (NEW.id, moved, NEW.stock, why, nullif(current_setting('storefront.staff_id', true), '')::integer,
    nullif(current_setting('storefront.stock_note', true), ''));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_stock_moved" AFTER INSERT OR UPDATE OF "stock" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "record_stock_movement"();--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "delta", "stock_after", "reason")
  SELECT "id", "stock", "stock", 'opening' FROM "products" WHERE "stock" <> 0;
