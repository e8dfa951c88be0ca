CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "is_personal" boolean DEFAULT false NOT NULL;