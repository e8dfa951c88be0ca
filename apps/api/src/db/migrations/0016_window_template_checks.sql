-- A delivery window template is a span of one day's wall clock: both times HH:MM, the end after the start (a window
-- ending at 00:00 would end before it starts), and a cut-off that is not negative.
ALTER TABLE "delivery_window_templates" ADD CONSTRAINT "delivery_window_templates_times_valid" CHECK ("delivery_window_templates"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "delivery_window_templates"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "delivery_window_templates"."end_time" > "delivery_window_templates"."start_time");--> statement-breakpoint
ALTER TABLE "delivery_window_templates" ADD CONSTRAINT "delivery_window_templates_cutoff_non_negative" CHECK ("delivery_window_templates"."cutoff_minutes" >= 0);
