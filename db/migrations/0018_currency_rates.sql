CREATE TABLE "currency_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate" numeric(12, 6) NOT NULL,
	"set_by_id" text,
	"set_by_email" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_check" CHECK ("currency_rates"."currency" in ('EUR', 'GBP', 'MXN', 'DOP')),
	CONSTRAINT "currency_rates_rate_check" CHECK ("currency_rates"."rate" >= 0.0001 and "currency_rates"."rate" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;