-- One place waiting per account and product (ADR 0034's addendum of 2026-12-01). Places an account took twice
-- in a race (two devices at one moment) were removed by the joins themselves; any still left go first, the
-- lowest number standing.
DELETE FROM "queue_tickets" t USING "queue_tickets" w
  WHERE t."admitted_at" IS NULL AND w."admitted_at" IS NULL AND t."account_id" IS NOT NULL
    AND w."account_id" = t."account_id" AND w."product_id" = t."product_id" AND w."seq" < t."seq";--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tickets_waiting_account_unique" ON "queue_tickets" USING btree ("product_id","account_id") WHERE "queue_tickets"."admitted_at" is null and "queue_tickets"."account_id" is not null;
