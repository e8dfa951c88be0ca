-- Substitution preferences: each cart line says whether the customer accepts a similar product if it has run out
-- when the order is packed (on unless they untick it), and each order line keeps what was chosen when it was
-- ordered (null for orders placed before it was asked). cart/update changes it; checkout copies it.
ALTER TABLE "cart_lines" ADD COLUMN "allow_substitute" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "allow_substitute" boolean;