CREATE TABLE "raffle_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"raffle_id" integer NOT NULL,
	"account_id" text,
	"variant_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rank" integer,
	"status" text DEFAULT 'entered' NOT NULL,
	"won_at" timestamp with time zone,
	"claim_token_hash" text,
	"claim_expires_at" timestamp with time zone,
	"attempt_id" text,
	"outbox_id" integer,
	CONSTRAINT "raffle_entries_claim_token_hash_unique" UNIQUE("claim_token_hash"),
	CONSTRAINT "raffle_entries_status_check" CHECK ("raffle_entries"."status" in ('entered', 'won', 'claimed', 'expired', 'lost')),
	CONSTRAINT "raffle_entries_code_check" CHECK ("raffle_entries"."code" ~ '^[A-Z2-9]{10}$'),
	CONSTRAINT "raffle_entries_rank_check" CHECK ("raffle_entries"."rank" is null or "raffle_entries"."rank" >= 1),
	CONSTRAINT "raffle_entries_claim_check" CHECK ("raffle_entries"."status" not in ('won', 'claimed') or ("raffle_entries"."claim_token_hash" is not null and "raffle_entries"."claim_expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"claim_hours" integer NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffles_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "raffles_window_check" CHECK ("raffles"."closes_at" > "raffles"."opens_at"),
	CONSTRAINT "raffles_claim_hours_check" CHECK ("raffles"."claim_hours" between 1 and 168),
	CONSTRAINT "raffles_seed_check" CHECK ("raffles"."seed" ~ '^[0-9a-f]{64}$' and "raffles"."seed_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "raffles_finished_check" CHECK ("raffles"."finished_at" is null or "raffles"."drawn_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_attempt_id_checkout_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."checkout_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_entries_account_unique" ON "raffle_entries" USING btree ("raffle_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_entries_code_unique" ON "raffle_entries" USING btree ("raffle_id","code");--> statement-breakpoint
CREATE INDEX "raffle_entries_rank_idx" ON "raffle_entries" USING btree ("raffle_id","rank");