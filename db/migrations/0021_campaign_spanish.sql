ALTER TABLE "newsletter_campaigns" ADD COLUMN "subject_es" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "body_es" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_spanish_check" CHECK (("newsletter_campaigns"."subject_es" is null) = ("newsletter_campaigns"."body_es" is null));