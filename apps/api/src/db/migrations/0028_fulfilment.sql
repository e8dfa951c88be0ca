CREATE TABLE "order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider_cents" integer NOT NULL,
	"credit_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"line_product_id" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_refunds_amounts" CHECK ("order_refunds"."provider_cents" >= 0 and "order_refunds"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"staff_id" integer
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "packed_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute_product_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_reference" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_packing" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."kind" = 'packing';--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- "processing" was never reached by any code; the order's life names the step: picking.
UPDATE "orders" SET "status" = 'picking' WHERE "status" = 'processing';
--> statement-breakpoint
-- Orders from before the history: what their own columns say of their moves, by the store.
INSERT INTO "order_status_history" ("order_id", "status", "at", "by")
SELECT "id", 'pending_payment', "created_at", 'store' FROM "orders"
UNION ALL SELECT "id", 'paid', "paid_at", 'store' FROM "orders" WHERE "paid_at" IS NOT NULL
UNION ALL SELECT "id", "status", "updated_at", 'store' FROM "orders" WHERE "status" IN ('picking', 'shipped', 'delivered')
UNION ALL SELECT "id", 'cancelled', "cancelled_at", 'store' FROM "orders" WHERE "cancelled_at" IS NOT NULL
ORDER BY 3;
