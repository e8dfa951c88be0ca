-- GST (packages/contract/src/gst.ts): whether a product is sold GST-free, and what each order's total included, kept with the order
-- as it was sold. Products already in the shop count as taxable until the shop marks its GST-free ones (reporting
-- too much GST is the safe side); orders placed before this have no GST recorded (null) rather than a guess.
ALTER TABLE "order_lines" ADD COLUMN "gst_free" boolean;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gst_within_total" CHECK ("orders"."gst_cents" is null or "orders"."gst_cents" between 0 and "orders"."total_cents");