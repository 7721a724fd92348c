CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"add_to_carts" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"checkouts_started" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"viewing_sessions" integer DEFAULT 0 NOT NULL,
	"cart_sessions" integer DEFAULT 0 NOT NULL,
	"checkout_sessions" integer DEFAULT 0 NOT NULL,
	"buying_sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_source_pk" PRIMARY KEY("day","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_category" (
	"day" date NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_category_day_category_source_pk" PRIMARY KEY("day","category","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_product" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"source" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"add_to_carts" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_product_day_product_id_source_pk" PRIMARY KEY("day","product_id","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_days" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" text,
	"session_id" text,
	"source" text DEFAULT 'web' NOT NULL,
	"path" text,
	"product_id" integer,
	"variant_id" integer,
	"quantity" integer,
	"value_cents" integer,
	"query" text,
	"result_count" integer,
	"order_id" text,
	CONSTRAINT "analytics_events_id_occurred_at_pk" PRIMARY KEY("id","occurred_at"),
	CONSTRAINT "analytics_events_type_check" CHECK ("analytics_events"."type" in ('page_view', 'product_view', 'add_to_cart', 'search', 'checkout_started', 'purchase', 'refund')),
	CONSTRAINT "analytics_events_source_check" CHECK ("analytics_events"."source" in ('web', 'mobile'))
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
-- Hand-written: month partitions are made ahead by the analytics job (ensureEventPartitions); the default
-- partition holds anything outside them, so an event is never refused.
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;
--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "visit_session_id" text;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "visit_source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_daily_product_product_idx" ON "analytics_daily_product" USING btree ("product_id","day");--> statement-breakpoint
CREATE INDEX "analytics_events_time_idx" ON "analytics_events" USING btree ("occurred_at");