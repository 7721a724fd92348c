import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The guest page cache (server/page-cache.ts, ADR 0026) drops its copies when a table a guest page is drawn
// from changes: such tables notify `guest_pages` from a trigger. A new table must take a side: watched (a
// trigger in a migration, like 0024_page_cache_notify) or named here as never shown on a guest page (its
// changes would otherwise show up to 2 s late, or, for a page kept longer, not at all).
const NEVER_ON_A_GUEST_PAGE = [
  // accounts and their secrets (a review's author name is read from users, which is watched)
  "accounts", "sessions", "verifications", "password_attempts", "rate_limits", "user_profiles", "settings", "settings",
  // a shopper's own things, rendered fresh for them
  "carts", "cart_items", "wishlists", "wishlist_items", "orders", "order_items", "order_status_history",
  "order_notes", "order_refunds", "checkout_attempts", "test_charges", "test_refunds", "webhook_events",
  // the API's kept answers to requests under an Idempotency-Key, per account or guest cart
  "idempotency_keys",
  // the back office's books and the store's machinery
  "audit_log", "stock_movements", "stock_alerts", "outbox", "newsletter_campaigns", "newsletter_deliveries",
  "newsletter_subscribers", "review_helpful_votes", "restock_alerts",
  // a raffle's product page is answered no-store (never kept for guests): its window, draw and entries show
  // fresh; a listing's card only marks a product as sold by raffle (kept at most the cache's 2 s, and the cart
  // refuses an add whatever a card shows)
  "raffles", "raffle_entries",
  // a drop's waiting room: a product page with a line is answered no-store, whatever the visitor's place; the
  // settings are saved with the product's row (watched), and the line's bucket changes with every admission
  "product_queues", "queue_tickets",
  "analytics_events", "analytics_daily", "analytics_daily_category", "analytics_daily_product", "analytics_dirty_days",
  // promotions are priced in a shopper's own cart and checkout, rendered fresh for them (ADR 0049)
  "promotions", "promotion_codes", "promotion_uses",
];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

it("every table is either watched by the guest page cache or named as never on a guest page", async () => {
  const result = await database.db.execute(sql`
    select c.relname as name,
           exists (select 1 from pg_trigger g where g.tgrelid = c.oid and right(g.tgname, 12) = '_guest_pages') as watched
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and left(c.relname, 2) <> '__'
    order by 1`);
  const rows = ((result as unknown as { rows?: { name: string; watched: boolean }[] }).rows ?? (result as unknown as { name: string; watched: boolean }[]));
  const undecided = rows.filter((r) => !r.watched && !NEVER_ON_A_GUEST_PAGE.includes(r.name)).map((r) => r.name);
  const watchedButListed = rows.filter((r) => r.watched && NEVER_ON_A_GUEST_PAGE.includes(r.name)).map((r) => r.name);
  expect(rows.length).toBeGreaterThan(40);
  expect(undecided, "tables neither watched nor named as never on a guest page").toEqual([]);
  expect(watchedButListed).toEqual([]);
  expect(rows.filter((r) => r.watched).map((r) => r.name)).toEqual(expect.arrayContaining(["products", "variants", "article_translations", "look_translations"]));
});
