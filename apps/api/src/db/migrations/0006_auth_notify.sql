-- Every process keeps the sessions it has just resolved in memory (modules/account/session-cache.ts); these
-- triggers tell every process, on commit, which ones may have changed: a session revoked, renewed or deleted while
-- still live ('s' || id), a customer whose name, address, email or status changed or who was deleted ('c' || id),
-- or either table truncated ('*').
CREATE FUNCTION "notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_auth', 's' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_customer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_auth', 'c' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_auth_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_auth', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
-- Pruning deletes ended sessions by the thousand; no cache holds one of those.
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions"
  FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND OLD."expires_at" > now())
  EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
CREATE TRIGGER "customers_changed" AFTER UPDATE ON "customers"
  FOR EACH ROW WHEN (
    OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."post_code" IS DISTINCT FROM NEW."post_code"
    OR OLD."suburb" IS DISTINCT FROM NEW."suburb"
    OR OLD."status" IS DISTINCT FROM NEW."status"
  )
  EXECUTE FUNCTION "notify_customer_changed"();--> statement-breakpoint
CREATE TRIGGER "customers_deleted" AFTER DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "notify_customer_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_truncated"();--> statement-breakpoint
CREATE TRIGGER "customers_truncated" AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_truncated"();
