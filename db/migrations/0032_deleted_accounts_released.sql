-- Accounts deleted before deletion released them (core/accounts retireAccount): the same now. The email
-- is freed for a new account (the row keeps "deleted:<id>", which no sign-up can give), the name, profile,
-- password, reset links and wishlists go; the rows, orders and reviews stay.
UPDATE "users" SET "email" = 'deleted:' || "id", "name" = '', "image" = NULL WHERE "deleted_at" IS NOT NULL AND "email" <> 'deleted:' || "id";--> statement-breakpoint
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
DELETE FROM "accounts" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
DELETE FROM "verifications" WHERE "value" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
UPDATE "user_profiles" SET "first_name" = '', "last_name" = '', "phone" = '', "marketing_opt_in" = false WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
UPDATE "carts" SET "user_id" = NULL WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
DELETE FROM "wishlists" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);
