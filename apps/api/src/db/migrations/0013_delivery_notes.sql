-- Delivery instructions for the driver and authority to leave, given at checkout (order/checkout.ts).
ALTER TABLE "orders" ADD COLUMN "delivery_notes" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "leave_unattended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_notes_length" CHECK (char_length("orders"."delivery_notes") between 1 and 250);