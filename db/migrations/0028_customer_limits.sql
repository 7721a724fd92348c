ALTER TABLE "products" ADD COLUMN "limit_per_customer" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sign_in_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "limit_per_customer" integer;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
CREATE INDEX "checkout_attempts_address_key_idx" ON "checkout_attempts" USING btree ("address_key") WHERE "checkout_attempts"."address_key" is not null;--> statement-breakpoint
CREATE INDEX "checkout_attempts_card_fingerprint_idx" ON "checkout_attempts" USING btree ("card_fingerprint") WHERE "checkout_attempts"."card_fingerprint" is not null;--> statement-breakpoint
CREATE INDEX "orders_address_key_idx" ON "orders" USING btree ("address_key") WHERE "orders"."address_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_card_fingerprint_idx" ON "orders" USING btree ("card_fingerprint") WHERE "orders"."card_fingerprint" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_limit_per_customer_check" CHECK ("products"."limit_per_customer" is null or "products"."limit_per_customer" between 1 and 99);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_limit_per_customer_check" CHECK ("variants"."limit_per_customer" is null or "variants"."limit_per_customer" between 1 and 99);