-- The customer's cart lines with what decides whether each counts towards the cart's count (ticked, and the
-- product active with enough stock), as a JSON array of [product_id, quantity, selected, is_active, stock].
-- cart/add calls it in its RETURNING clause (cart.repo.ts, addToCartAtOnce) to answer the cart's counts in the same
-- statement as the add. Being VOLATILE is what makes that right: a volatile function's query runs on a fresh
-- snapshot, so it sees the line the calling statement has just written and every line committed before it, while
-- the trigger of migration 0007 holds the cart's lock; a subquery in RETURNING would see the cart as it was when
-- the statement started, before any wait for that lock. PL/pgSQL keeps the query's plan for the session. Left joins
-- from the customer's row, as in the cart's listing: with inner joins, a freshly filled database without statistics
-- plans a hash join over every product instead of looking each line's product up by its key.
CREATE FUNCTION "cart_line_stock"("for_customer" integer) RETURNS json LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (
    SELECT coalesce(
      json_agg(json_build_array(l."product_id", l."quantity", l."selected", p."is_active", p."stock"))
        FILTER (WHERE l."product_id" IS NOT NULL),
      '[]')
    FROM "customers" c
    LEFT JOIN "cart_lines" l ON l."customer_id" = c."id"
    LEFT JOIN "products" p ON p."id" = l."product_id"
    WHERE c."id" = "for_customer"
  );
END $$;
