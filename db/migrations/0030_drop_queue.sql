CREATE TABLE "product_queues" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"capacity" integer,
	"rate_per_minute" integer DEFAULT 60 NOT NULL,
	"checkout_minutes" integer DEFAULT 10 NOT NULL,
	"next_seq" bigint DEFAULT 1 NOT NULL,
	"tokens" double precision DEFAULT 1 NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_queues_capacity_check" CHECK ("product_queues"."capacity" is null or "product_queues"."capacity" between 1 and 100000),
	CONSTRAINT "product_queues_rate_check" CHECK ("product_queues"."rate_per_minute" between 1 and 10000),
	CONSTRAINT "product_queues_checkout_minutes_check" CHECK ("product_queues"."checkout_minutes" between 1 and 120),
	CONSTRAINT "product_queues_tokens_check" CHECK ("product_queues"."tokens" >= 0)
);
--> statement-breakpoint
CREATE TABLE "queue_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"account_id" text,
	"cart_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "queue_tickets_pass_check" CHECK (("queue_tickets"."admitted_at" is null) = ("queue_tickets"."expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "product_queues" ADD CONSTRAINT "product_queues_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tickets_seq_unique" ON "queue_tickets" USING btree ("product_id","seq");--> statement-breakpoint
CREATE INDEX "queue_tickets_waiting_idx" ON "queue_tickets" USING btree ("product_id","seq") WHERE "queue_tickets"."admitted_at" is null;--> statement-breakpoint
CREATE INDEX "queue_tickets_account_idx" ON "queue_tickets" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "queue_tickets_cart_idx" ON "queue_tickets" USING btree ("cart_id");