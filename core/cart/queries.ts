import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, events, eventTranslations, products, ticketTypeTranslations, variants } from "../../db/schema/index.ts";
import { artUrl } from "../catalog/index.ts";
import { imageForColor, imagesByProduct } from "../media/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { cartTotals, EMPTY_CART, lineTotalCents, type CartLine, type CartView } from "./rules.ts";

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
      notOnSaleUntil: sql<Date | null>`case when ${products.onSaleAt} > now() then ${products.onSaleAt} end`.mapWith(products.onSaleAt),
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
      event: r.kind === "ticket" && r.eventSlug ? { slug: r.eventSlug, title: r.eventTitle!, startsAt: r.eventStartsAt!.toISOString() } : null,
    };
  });
  return { lines, ...cartTotals(lines) };
}
