CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"current_stock" integer NOT NULL,
	"threshold" integer NOT NULL,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	CONSTRAINT "stock_alerts_type_check" CHECK ("stock_alerts"."type" in ('low_stock', 'out_of_stock')),
	CONSTRAINT "stock_alerts_severity_check" CHECK ("stock_alerts"."severity" in ('medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_unique" ON "stock_alerts" USING btree ("variant_id","type") WHERE not "stock_alerts"."acknowledged";--> statement-breakpoint
CREATE INDEX "stock_alerts_created_idx" ON "stock_alerts" USING btree ("created_at");