import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, checkoutAttempts, events, eventTranslations, products, raffleEntries, raffles, ticketTypeTranslations, variants } from "../../db/schema/index.ts";
import { artUrl, productReleaseAt } from "../catalog/index.ts";
import { imageForColor, imagesByProduct } from "../media/index.ts";
import { cartPassExpiresAt } from "../queue/index.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { cartTotals, EMPTY_CART, lineTotalCents, NO_HOLDINGS, type CartLine, type CartView, type Holdings } from "./rules.ts";

/**
 * The cart with today's prices and stock from the catalogue; lines of withdrawn items are left out. In a
 * language other than English, a ticket line is named by its event's title and its ticket type's name in
 * that language where they have one (checkout reads the cart in English: order lines keep the English names).
 */
export async function getCart(db: Db, cartId: string | null, locale: Locale = DEFAULT_LOCALE, options: { photos?: boolean } = {}): Promise<CartView> {
  if (!cartId) return EMPTY_CART;
  const rows = await db
    .select({
      variantId: variants.id,
      productId: products.id,
      slug: products.slug,
      name: sql<string>`case when ${products.kind} = 'ticket' then coalesce(${eventTranslations.title}, ${products.name}) else ${products.name} end`,
      category: products.category,
      artKind: products.artKind,
      sku: variants.sku,
      size: sql<string | null>`coalesce(${ticketTypeTranslations.name}, ${variants.size})`,
      color: variants.color,
      basePriceCents: products.basePriceCents,
      priceCents: variants.priceCents,
      available: variants.available,
      quantity: cartItems.quantity,
      kind: products.kind,
      eventSlug: events.slug,
      eventTitle: sql<string | null>`coalesce(${eventTranslations.title}, ${events.title})`,
      eventStartsAt: events.startsAt,
      eventImage: events.image,
      // Set while the product's timed release is still to come, by the database's clock (checkout refuses the line).
      notOnSaleUntil: sql<Date | null>`case when ${productReleaseAt} > now() then ${productReleaseAt} end`.mapWith(products.onSaleAt),
      // A drop's waiting room let this cart in: the pass's end (checkout refuses the line after it).
      passExpiresAt: cartPassExpiresAt(cartItems.cartId, products.id).mapWith(products.onSaleAt),
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(events, eq(events.productId, products.id))
    .leftJoin(eventTranslations, and(eq(eventTranslations.eventId, events.id), eq(eventTranslations.locale, locale)))
    .leftJoin(ticketTypeTranslations, and(eq(ticketTypeTranslations.variantId, variants.id), eq(ticketTypeTranslations.locale, locale)))
    // A line whose sale has ended (a ticket to an event that is over) is left out, like a withdrawn item,
    // so checkout, which prices the cart from here, can never sell it.
    .where(and(eq(cartItems.cartId, cartId), eq(variants.active, true), eq(products.active, true), sql`(${products.saleEndsAt} is null or ${products.saleEndsAt} > now())`))
    .orderBy(asc(cartItems.addedAt), asc(variants.id));
  // The lines' photos in one query, whatever the number of lines; none for checkout, whose lines keep the art.
  const images = options.photos === false ? new Map<number, never[]>() : await imagesByProduct(db, rows.map((r) => r.productId));
  const lines: CartLine[] = rows.map((r) => {
    const unitPriceCents = r.priceCents ?? r.basePriceCents;
    return {
      variantId: r.variantId,
      productId: r.productId,
      slug: r.slug,
      name: r.name,
      category: r.category,
      sku: r.sku,
      size: r.size,
      color: r.color,
      image: r.kind === "ticket" && r.eventImage ? r.eventImage : artUrl(r.artKind, r.color),
      photo: imageForColor(images.get(r.productId) ?? [], r.color),
      unitPriceCents,
      quantity: r.quantity,
      lineTotalCents: lineTotalCents({ unitPriceCents, quantity: r.quantity }),
      available: r.available,
      notOnSaleUntil: r.notOnSaleUntil ? r.notOnSaleUntil.toISOString() : null,
      passExpiresAt: r.passExpiresAt ? r.passExpiresAt.toISOString() : null,
      event: r.kind === "ticket" && r.eventSlug ? { slug: r.eventSlug, title: r.eventTitle!, startsAt: r.eventStartsAt!.toISOString() } : null,
    };
  });
  return { lines, ...cartTotals(lines) };
}

/** The limits that apply to some variants: their product's and their own, and whether guests must sign in. */
export interface VariantLimits {
  productId: number;
  slug: string;
  name: string;
  options: string;
  size: string | null;
  color: string | null;
  productLimit: number | null;
  variantLimit: number | null;
  signInRequired: boolean;
}

export async function limitsOfVariants(db: Db, variantIds: readonly number[]): Promise<Map<number, VariantLimits>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: variants.id,
      productId: products.id,
      slug: products.slug,
      name: products.name,
      size: variants.size,
      color: variants.color,
      productLimit: products.limitPerCustomer,
      variantLimit: variants.limitPerCustomer,
      signInRequired: products.signInRequired,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, [...variantIds]));
  return new Map(
    rows.map((r) => [
      r.variantId,
      { productId: r.productId, slug: r.slug, name: r.name, options: [r.size, r.color].filter(Boolean).join(", "), size: r.size, color: r.color, productLimit: r.productLimit, variantLimit: r.variantLimit, signInRequired: r.signInRequired },
    ]),
  );
}

/** Who a customer is, for their limits: the account, and at checkout the folded shipping address and the card's fingerprint. */
export interface CustomerKeys {
  userId: string;
  addressKey?: string | null;
  cardFingerprint?: string | null;
}

/**
 * Units of these products a customer already holds (ADR 0033): in their account's other carts, in checkouts
 * still holding stock (reserved or charging) and in orders that stand (not cancelled, not refunded in full).
 * Checkouts and orders count when they are the account's, or carry the same shipping address or card.
 * `exceptCart` is the cart being changed or checked out: its own lines are the units asked for, not held.
 */
export async function customerHoldings(db: Db, who: CustomerKeys, productIds: readonly number[], exceptCart: string | null): Promise<Holdings> {
  if (productIds.length === 0) return NO_HOLDINGS;
  const ids = sql.join([...new Set(productIds)].map((id) => sql`${id}`), sql`, `);
  const address = who.addressKey ?? null;
  const card = who.cardFingerprint ?? null;
  const matches = (alias: string) =>
    sql`(${sql.raw(alias)}.user_id = ${who.userId}
      or (${address}::text is not null and ${sql.raw(alias)}.address_key = ${address}::text)
      or (${card}::text is not null and ${sql.raw(alias)}.card_fingerprint = ${card}::text))`;
  const rows = rowsOf<{ product_id: number; variant_id: number | null; units: number }>(await db.execute(sql`
    select held.product_id, held.variant_id, sum(held.quantity)::int as units from (
      select v.product_id, ci.variant_id, ci.quantity
        from cart_items ci join carts c on c.id = ci.cart_id join variants v on v.id = ci.variant_id
       where c.user_id = ${who.userId} and c.id is distinct from ${exceptCart}::text and v.product_id in (${ids})
      union all
      select l."productId", l."variantId", l.quantity
        from checkout_attempts a, jsonb_to_recordset(a.lines) as l("variantId" int, "productId" int, quantity int)
       where a.status in ('reserved', 'charging') and ${matches("a")} and l."productId" in (${ids})
      union all
      select oi.product_id, oi.variant_id, oi.quantity
        from order_items oi join orders o on o.id = oi.order_id
       where o.status <> 'cancelled' and o.refunded_at is null and ${matches("o")} and oi.product_id in (${ids})
    ) held
    group by held.product_id, held.variant_id`));
  const byProduct = new Map<number, number>();
  const byVariant = new Map<number, number>();
  for (const row of rows) {
    const units = Number(row.units);
    byProduct.set(Number(row.product_id), (byProduct.get(Number(row.product_id)) ?? 0) + units);
    if (row.variant_id !== null) byVariant.set(Number(row.variant_id), (byVariant.get(Number(row.variant_id)) ?? 0) + units);
  }
  return { byProduct, byVariant };
}

/**
 * Whether a product is sold by raffle only (ADR 0035: it has a raffle not finished yet: upcoming, open, or
 * drawn with claims still to come), and whether this account may buy this variant through its win: `held` when the
 * draw's reservation still holds the unit, not held when a checkout of the claim ended unpaid and the unit
 * is back in stock while the claim window is still open. Read in the cart's transaction by the database's clock.
 * The raffles module writes these rows; they are read here rather than through its face, because that module
 * mails through modules that lean on the cart (an import cycle).
 */
export async function raffleSaleOf(tx: Db, productId: number, userId: string | null, variantId: number): Promise<{ raffleOnly: boolean; claim: { held: boolean } | null }> {
  const [row] = await tx
    .select({
      raffleId: raffles.id,
      status: raffleEntries.status,
      open: sql<boolean>`${raffleEntries.claimExpiresAt} > now()`,
      attemptStatus: checkoutAttempts.status,
    })
    .from(raffles)
    .leftJoin(raffleEntries, and(eq(raffleEntries.raffleId, raffles.id), userId ? eq(raffleEntries.accountId, userId) : sql`false`, eq(raffleEntries.variantId, variantId)))
    .leftJoin(checkoutAttempts, eq(checkoutAttempts.id, raffleEntries.attemptId))
    .where(and(eq(raffles.productId, productId), sql`${raffles.finishedAt} is null`));
  if (!row) return { raffleOnly: false, claim: null };
  if (row.status === "won" && row.open) return { raffleOnly: true, claim: { held: true } };
  if (row.status === "claimed" && row.open && (row.attemptStatus === null || row.attemptStatus === "failed" || row.attemptStatus === "expired")) {
    return { raffleOnly: true, claim: { held: false } };
  }
  return { raffleOnly: true, claim: null };
}
