-- Promotions (core/promotions, ADR 0049): promotions, their codes, and the uses checkouts hold and orders spend.
CREATE TABLE "promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promotion_codes_code_check" CHECK ("promotion_codes"."code" ~ '^[A-Z0-9][A-Z0-9-]{2,31}$'),
	CONSTRAINT "promotion_codes_uses_check" CHECK ("promotion_codes"."uses" >= 0 and ("promotion_codes"."max_uses" is null or "promotion_codes"."uses" <= "promotion_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "promotion_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code_id" integer,
	"attempt_id" text NOT NULL,
	"order_id" text,
	"user_id" text,
	"customer_email" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_uses_state_check" CHECK ("promotion_uses"."state" in ('held', 'used', 'released')),
	CONSTRAINT "promotion_uses_discount_check" CHECK ("promotion_uses"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"percent_basis_points" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"buy_quantity" integer DEFAULT 0 NOT NULL,
	"get_quantity" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"paused" boolean DEFAULT false NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"covers_all" boolean DEFAULT true NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"collection_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"customers" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"combines" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percent', 'fixed', 'free_shipping', 'buy_x_get_y')),
	CONSTRAINT "promotions_percent_check" CHECK ("promotions"."percent_basis_points" between 0 and 10000),
	CONSTRAINT "promotions_amount_check" CHECK ("promotions"."amount_cents" >= 0),
	CONSTRAINT "promotions_quantities_check" CHECK ("promotions"."buy_quantity" >= 0 and "promotions"."get_quantity" >= 0),
	CONSTRAINT "promotions_window_check" CHECK ("promotions"."ends_at" is null or "promotions"."starts_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_min_subtotal_check" CHECK ("promotions"."min_subtotal_cents" >= 0),
	CONSTRAINT "promotions_uses_check" CHECK ("promotions"."uses" >= 0 and ("promotions"."max_uses" is null or "promotions"."uses" <= "promotions"."max_uses")),
	CONSTRAINT "promotions_max_uses_check" CHECK (("promotions"."max_uses" is null or "promotions"."max_uses" >= 0) and ("promotions"."max_uses_per_customer" is null or "promotions"."max_uses_per_customer" >= 1))
);
--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_code_id_promotion_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_attempt_id_checkout_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."checkout_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_codes_promotion_idx" ON "promotion_codes" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_attempt_promotion_idx" ON "promotion_uses" USING btree ("attempt_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_customer_idx" ON "promotion_uses" USING btree ("promotion_id","user_id");