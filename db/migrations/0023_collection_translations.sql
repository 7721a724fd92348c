CREATE TABLE "collection_translations" (
	"collection_id" integer NOT NULL,
	"locale" text NOT NULL,
	"description" text NOT NULL,
	"season" text,
	CONSTRAINT "collection_translations_collection_id_locale_pk" PRIMARY KEY("collection_id","locale"),
	CONSTRAINT "collection_translations_locale_check" CHECK ("collection_translations"."locale" in ('es'))
);
--> statement-breakpoint
CREATE TABLE "look_translations" (
	"look_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"caption" text NOT NULL,
	"image_alt" text NOT NULL,
	CONSTRAINT "look_translations_look_id_locale_pk" PRIMARY KEY("look_id","locale"),
	CONSTRAINT "look_translations_locale_check" CHECK ("look_translations"."locale" in ('es'))
);
--> statement-breakpoint
ALTER TABLE "collection_translations" ADD CONSTRAINT "collection_translations_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_translations" ADD CONSTRAINT "look_translations_look_id_looks_id_fk" FOREIGN KEY ("look_id") REFERENCES "public"."looks"("id") ON DELETE cascade ON UPDATE no action;