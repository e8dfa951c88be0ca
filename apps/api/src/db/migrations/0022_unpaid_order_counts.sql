CREATE TABLE "unpaid_order_counts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unpaid_order_counts" ADD CONSTRAINT "unpaid_order_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Checkout refuses a customer with UNPAID_ORDERS_MAX orders awaiting payment. Counting them read every such order
-- (a heap visit each: without VACUUM no index-only scan) on every checkout; these triggers keep the count instead,
-- in the transaction that changes an order. An insert of many orders (a batch of checkouts) adds them up once per
-- customer, in customer order; a change of status counts only when an order starts or stops awaiting payment (the
-- WHEN clauses are checked without calling the function).
INSERT INTO "unpaid_order_counts" ("customer_id", "n")
SELECT "customer_id", count(*) FROM "orders" WHERE "status" = 'pending_payment' GROUP BY "customer_id";
--> statement-breakpoint
CREATE FUNCTION "count_unpaid_orders_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "unpaid_order_counts" ("customer_id", "n")
  SELECT "customer_id", count(*) FROM "placed" WHERE "status" = 'pending_payment'
  GROUP BY "customer_id" ORDER BY "customer_id"
  ON CONFLICT ("customer_id") DO UPDATE SET "n" = "unpaid_order_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_unpaid_placed" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "placed"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_unpaid_orders_placed"();
--> statement-breakpoint
CREATE FUNCTION "count_unpaid_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."status" = 'pending_payment' THEN
    UPDATE "unpaid_order_counts" SET "n" = "n" - 1 WHERE "customer_id" = OLD."customer_id";
  ELSE
    INSERT INTO "unpaid_order_counts" ("customer_id", "n") VALUES (NEW."customer_id", 1)
    ON CONFLICT ("customer_id") DO UPDATE SET "n" = "unpaid_order_counts"."n" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_unpaid_status" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW
  WHEN ((OLD."status" = 'pending_payment') <> (NEW."status" = 'pending_payment'))
  EXECUTE FUNCTION "count_unpaid_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_unpaid_deleted" AFTER DELETE ON "orders" FOR EACH ROW
  WHEN (OLD."status" = 'pending_payment')
  EXECUTE FUNCTION "count_unpaid_orders_changed"();
