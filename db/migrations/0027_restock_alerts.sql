CREATE TABLE "restock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"email" text NOT NULL,
	"customer_id" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"stop_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"outbox_id" integer,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "restock_alerts_stop_token_unique" UNIQUE("stop_token"),
	CONSTRAINT "restock_alerts_email_check" CHECK ("restock_alerts"."email" = lower(btrim("restock_alerts"."email"))),
	CONSTRAINT "restock_alerts_locale_check" CHECK ("restock_alerts"."locale" in ('en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_pending_unique" ON "restock_alerts" USING btree ("email","product_id",coalesce("variant_id", 0)) WHERE "restock_alerts"."mailed_at" is null and "restock_alerts"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "restock_alerts_line_idx" ON "restock_alerts" USING btree ("product_id","created_at","id") WHERE "restock_alerts"."mailed_at" is null and "restock_alerts"."stopped_at" is null;