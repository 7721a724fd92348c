-- The rendered-page cache (server/page-cache.ts, ADR 0026) drops every cached guest page when a table a
-- guest page is drawn from changes. Every write to those tables, from any process, script or test,
-- notifies the channel `guest_pages`; PostgreSQL delivers it to every listening app process when the
-- transaction commits (never for one that rolls back), and a transaction's notifications count once.
CREATE FUNCTION "guest_pages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('guest_pages', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'products', 'variants', 'product_slug_redirects', 'product_images', 'product_translations',
    'collections', 'collection_products', 'currency_rates', 'reviews', 'articles', 'pictures',
    'looks', 'look_hotspots', 'playlists', 'tracks', 'events', 'tickets', 'rsvps',
    'article_translations', 'event_translations', 'ticket_type_translations', 'playlist_translations',
    'collection_translations', 'look_translations'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "guest_pages_changed"()',
      t || '_guest_pages', t
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- Reviews show their author's name (or the start of their e-mail address); nothing else of an account is
-- on a guest page, so sign-ins and other account writes leave the cache alone.
CREATE TRIGGER "users_guest_pages" AFTER UPDATE OF "name", "email" OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "guest_pages_changed"();
