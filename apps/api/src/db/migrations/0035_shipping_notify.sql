-- Every process keeps the zones' rates and minimum orders in memory for checkout (modules/shipping/rates-cache.ts);
-- this trigger tells every process, on commit, that they changed, however they were changed (the back office, SQL).
CREATE FUNCTION "notify_shipping_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shipping_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shipping_rates_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shipping_changed"();--> statement-breakpoint
CREATE TRIGGER "shipping_zones_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_zones"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_shipping_changed"();
