CREATE TABLE "event_translations" (
	"event_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text,
	"kind" text,
	"time_label" text,
	"description" text,
	"venue" text,
	"image_alt" text,
	CONSTRAINT "event_translations_event_id_locale_pk" PRIMARY KEY("event_id","locale"),
	CONSTRAINT "event_translations_locale_check" CHECK ("event_translations"."locale" in ('es')),
	CONSTRAINT "event_translations_some_text" CHECK (num_nonnulls("event_translations"."title", "event_translations"."kind", "event_translations"."time_label", "event_translations"."description", "event_translations"."venue", "event_translations"."image_alt") > 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_type_translations" (
	"variant_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "ticket_type_translations_variant_id_locale_pk" PRIMARY KEY("variant_id","locale"),
	CONSTRAINT "ticket_type_translations_locale_check" CHECK ("ticket_type_translations"."locale" in ('es'))
);
--> statement-breakpoint
CREATE TABLE "article_translations" (
	"article_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text,
	"category" text,
	"excerpt" text,
	"body" text,
	"image_alt" text,
	CONSTRAINT "article_translations_article_id_locale_pk" PRIMARY KEY("article_id","locale"),
	CONSTRAINT "article_translations_locale_check" CHECK ("article_translations"."locale" in ('es')),
	CONSTRAINT "article_translations_some_text" CHECK (num_nonnulls("article_translations"."title", "article_translations"."category", "article_translations"."excerpt", "article_translations"."body", "article_translations"."image_alt") > 0)
);
--> statement-breakpoint
CREATE TABLE "playlist_translations" (
	"playlist_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text,
	"label" text,
	"description" text,
	"cover_alt" text,
	CONSTRAINT "playlist_translations_playlist_id_locale_pk" PRIMARY KEY("playlist_id","locale"),
	CONSTRAINT "playlist_translations_locale_check" CHECK ("playlist_translations"."locale" in ('es')),
	CONSTRAINT "playlist_translations_some_text" CHECK (num_nonnulls("playlist_translations"."title", "playlist_translations"."label", "playlist_translations"."description", "playlist_translations"."cover_alt") > 0)
);
--> statement-breakpoint
ALTER TABLE "event_translations" ADD CONSTRAINT "event_translations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type_translations" ADD CONSTRAINT "ticket_type_translations_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_translations" ADD CONSTRAINT "article_translations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_translations" ADD CONSTRAINT "playlist_translations_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;