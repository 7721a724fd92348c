-- Dirty-day marks become append-only (one per transaction that wrote events): a mark merged into one a
-- running recount was deleting was lost with it.
ALTER TABLE "analytics_dirty_days" DROP CONSTRAINT "analytics_dirty_days_pkey";--> statement-breakpoint
ALTER TABLE "analytics_dirty_days" ADD COLUMN "id" bigint PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "analytics_dirty_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "analytics_dirty_days_day_idx" ON "analytics_dirty_days" USING btree ("day");
