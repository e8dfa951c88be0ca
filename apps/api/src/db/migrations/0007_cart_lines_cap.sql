-- A cart holds at most CART_LINES_MAX (100, packages/contract/src/limits.ts) lines, kept by the database so it holds
-- for every writer, including one that adds a line in a single statement without taking the cart lock first
-- (cart/add, cart.service.ts). Before a line is inserted (or an insert turns into an update on conflict), the
-- customer's carts row is created if missing and locked for the rest of the transaction: the writers of one cart
-- queue there, and each query below runs on a fresh snapshot (READ COMMITTED, a volatile function), so it counts
-- the lines of the writer it waited for. A new line past the cap fails as a check violation of "cart_lines_cap".
CREATE FUNCTION "guard_cart_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "carts" WHERE "customer_id" = NEW."customer_id" FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO "carts" ("customer_id") VALUES (NEW."customer_id") ON CONFLICT DO NOTHING;
    PERFORM 1 FROM "carts" WHERE "customer_id" = NEW."customer_id" FOR UPDATE;
  END IF;
  IF (SELECT count(*) FROM "cart_lines" WHERE "customer_id" = NEW."customer_id") >= 100
    AND NOT EXISTS (
      SELECT 1 FROM "cart_lines" WHERE "customer_id" = NEW."customer_id" AND "product_id" = NEW."product_id"
    ) THEN
    RAISE EXCEPTION 'a cart holds at most 100 lines'
      USING ERRCODE = 'check_violation', TABLE = 'cart_lines', CONSTRAINT = 'cart_lines_cap';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "cart_lines_guard" BEFORE INSERT ON "cart_lines"
  FOR EACH ROW EXECUTE FUNCTION "guard_cart_line"();
