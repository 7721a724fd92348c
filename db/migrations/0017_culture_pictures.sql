CREATE TABLE "pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pictures_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "picture_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "picture_id" integer;--> statement-breakpoint
ALTER TABLE "looks" ADD COLUMN "picture_id" integer;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "cover_picture_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "looks" ADD CONSTRAINT "looks_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_cover_picture_id_pictures_id_fk" FOREIGN KEY ("cover_picture_id") REFERENCES "public"."pictures"("id") ON DELETE set null ON UPDATE no action;