ALTER TABLE "checkout_attempts" DROP CONSTRAINT "checkout_attempts_status_check";--> statement-breakpoint
DROP INDEX "checkout_attempts_holding_idx";--> statement-breakpoint
ALTER TABLE "checkout_attempts" ALTER COLUMN "status" SET DEFAULT 'charging';--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "charge_started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "checkout_attempts" SET "status" = 'charging', "charge_started_at" = "updated_at" WHERE "status" = 'paying';--> statement-breakpoint
UPDATE "outbox" SET "status" = 'kept';--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "checkout_attempts_refunding_idx" ON "checkout_attempts" USING btree ("updated_at") WHERE "checkout_attempts"."status" = 'refunding';--> statement-breakpoint
CREATE INDEX "checkout_attempts_holding_idx" ON "checkout_attempts" USING btree ("reserved_until") WHERE "checkout_attempts"."status" in ('reserved', 'charging');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'kept', 'failed'));--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_status_check" CHECK ("checkout_attempts"."status" in ('reserved', 'charging', 'completed', 'failed', 'expired', 'refunding', 'refunded'));