-- Variants that were sold out or low before any stock command touched them (the sample catalogue, a variant
-- added with no stock, a threshold raised in the product editor) had no alert, so the inventory page said
-- "No open alerts" while the dashboard, reading the variants, listed them. Those writes now raise the alert
-- the rule calls for (core/inventory rules.ts alertTypeFor: out_of_stock at 0 available, low_stock at or
-- below the threshold); this raises it for the variants standing so today that never had one of that type
-- (one acknowledged before stays acknowledged). The messages are rules.ts alertMessage's.
INSERT INTO "stock_alerts" ("variant_id", "type", "severity", "message", "current_stock", "threshold")
SELECT v."id", 'out_of_stock', 'high', v."sku" || ' is out of stock.', v."available", v."low_stock_threshold"
FROM "variants" v
WHERE v."available" <= 0
  AND NOT EXISTS (SELECT 1 FROM "stock_alerts" a WHERE a."variant_id" = v."id" AND a."type" = 'out_of_stock')
ORDER BY v."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stock_alerts" ("variant_id", "type", "severity", "message", "current_stock", "threshold")
SELECT v."id", 'low_stock', 'medium', v."sku" || ' is low on stock: ' || v."available" || ' available (threshold ' || v."low_stock_threshold" || ').', v."available", v."low_stock_threshold"
FROM "variants" v
WHERE v."available" > 0 AND v."available" <= v."low_stock_threshold"
  AND NOT EXISTS (SELECT 1 FROM "stock_alerts" a WHERE a."variant_id" = v."id" AND a."type" = 'low_stock')
ORDER BY v."id"
ON CONFLICT DO NOTHING;
