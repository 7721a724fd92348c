CREATE TABLE "password_attempts" (
	"account" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_attempts_account_client_pk" PRIMARY KEY("account","client")
);
--> statement-breakpoint
CREATE INDEX "password_attempts_client_idx" ON "password_attempts" USING btree ("client","last_attempt_at");