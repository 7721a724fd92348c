ALTER TABLE "collections" ADD COLUMN "on_sale_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "collection_products_product_idx" ON "collection_products" USING btree ("product_id");