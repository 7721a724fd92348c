-- A checkout keeps a digest of what was submitted (ADR 0038: a corrected form is a new attempt); the shipping
-- address is kept only for what ships (ADR 0039).
ALTER TABLE "checkout_attempts" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "submission_digest" text;--> statement-breakpoint
-- Orders of event tickets only never shipped: the billing copy they kept as a shipping address goes. A line
-- whose product is gone keeps its order's address (it may have shipped).
UPDATE "orders" SET "shipping_address" = NULL WHERE NOT EXISTS (
  SELECT 1 FROM "order_items" i LEFT JOIN "products" p ON p."id" = i."product_id"
  WHERE i."order_id" = "orders"."id" AND p."kind" IS DISTINCT FROM 'ticket'
);
