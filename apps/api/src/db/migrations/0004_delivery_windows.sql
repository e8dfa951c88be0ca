CREATE TABLE "delivery_window_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"capacity" integer NOT NULL,
	"price_delta_cents" integer DEFAULT 0 NOT NULL,
	"label" text,
	"cutoff_minutes" integer DEFAULT 120 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "delivery_window_templates_capacity_positive" CHECK ("delivery_window_templates"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"price_delta_cents" integer DEFAULT 0 NOT NULL,
	"label" text,
	CONSTRAINT "delivery_windows_booked_bounded" CHECK ("delivery_windows"."booked" between 0 and "delivery_windows"."capacity")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_window_templates_zone_start_key" ON "delivery_window_templates" USING btree ("zone","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_windows_zone_start_key" ON "delivery_windows" USING btree ("zone","starts_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_window_id_delivery_windows_id_fk" FOREIGN KEY ("delivery_window_id") REFERENCES "public"."delivery_windows"("id") ON DELETE no action ON UPDATE no action;