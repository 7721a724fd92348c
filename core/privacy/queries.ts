/**
 * Everything the store holds about one account, read for the account's own data export. Each read is
 * bounded by the account (its id, or its own email address for rows a guest form may have written with
 * it), and leaves out what is not the shopper's: password hashes, session and confirmation tokens,
 * payment secrets, and the ids and emails of the staff who handled their orders or reviews.
 */
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  accounts,
  analyticsEvents,
  cartItems,
  carts,
  checkoutAttempts,
  events,
  newsletterSubscribers,
  orderItems,
  orderRefunds,
  orders,
  orderStatusHistory,
  products,
  raffleEntries,
  raffles,
  restockAlerts,
  reviewHelpfulVotes,
  reviews,
  rsvps,
  sessions,
  tickets,
  userProfiles,
  users,
  variants,
  wishlistItems,
  wishlists,
  type PostalAddress,
} from "../../db/schema/index.ts";
import { DEFAULT_PREFERENCES } from "../accounts/index.ts";

/** The export's counts, as the audit row records them (what was handed out, not the data itself). */
export interface ExportSummary {
  orders: number;
  reviews: number;
  wishlists: number;
  rsvps: number;
  tickets: number;
  analyticsEvents: number;
}

const addressKey = (a: PostalAddress) => JSON.stringify([a.name, a.street, a.city, a.state, a.zipCode, a.country]);

async function ordersOf(db: Db, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const ids = rows.map((o) => o.id);
  const none = ids.length === 0;
  const [lines, history, refunds] = none
    ? [[], [], []]
    : await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
        db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids)).orderBy(asc(orderStatusHistory.id)),
        db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)).orderBy(asc(orderRefunds.id)),
      ]);
  return rows.map((o) => ({
    id: o.id,
    number: `EH-${o.number}`,
    status: o.status,
    placedAt: o.createdAt,
    customerEmail: o.customerEmail,
    customerName: o.customerName,
    subtotalCents: o.subtotalCents,
    taxCents: o.taxCents,
    shippingCents: o.shippingCents,
    totalCents: o.totalCents,
    currency: o.currency,
    billingAddress: o.billingAddress,
    shippingAddress: o.shippingAddress,
    card: o.cardBrand ? { brand: o.cardBrand, last4: o.cardLast4 } : null,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    refundedAt: o.refundedAt,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({ name: l.name, sku: l.sku, productSlug: l.productSlug, size: l.size, color: l.color, unitPriceCents: l.unitPriceCents, quantity: l.quantity, lineTotalCents: l.lineTotalCents })),
    // Who changed a status is staff's business: the shopper gets what and when.
    statusHistory: history.filter((h) => h.orderId === o.id).map((h) => ({ from: h.fromStatus, to: h.toStatus, at: h.createdAt })),
    refunds: refunds.filter((r) => r.orderId === o.id).map((r) => ({ amountCents: r.amountCents, status: r.status, lines: r.lines, reason: r.reason, createdAt: r.createdAt, refundedAt: r.refundedAt })),
  }));
}

/** The data export's content, as one JSON-ready object. Null when the account does not exist. */
export async function collectAccountData(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const email = user.email.trim().toLowerCase();
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  const signIns = await db.select({ providerId: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt }).from(accounts).where(eq(accounts.userId, userId));
  const sessionRows = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));

  const orderList = await ordersOf(db, userId);
  const attempts = await db
    .select({
      id: checkoutAttempts.id,
      status: checkoutAttempts.status,
      createdAt: checkoutAttempts.createdAt,
      totalCents: checkoutAttempts.totalCents,
      currency: checkoutAttempts.currency,
      customerEmail: checkoutAttempts.customerEmail,
      billingAddress: checkoutAttempts.billingAddress,
      shippingAddress: checkoutAttempts.shippingAddress,
      cardBrand: checkoutAttempts.cardBrand,
      cardLast4: checkoutAttempts.cardLast4,
      failureMessage: checkoutAttempts.failureMessage,
      lines: checkoutAttempts.lines,
    })
    .from(checkoutAttempts)
    .where(eq(checkoutAttempts.userId, userId))
    .orderBy(asc(checkoutAttempts.createdAt));
  const addresses = new Map<string, PostalAddress>();
  for (const a of attempts) for (const address of [a.billingAddress, a.shippingAddress]) if (address) addresses.set(addressKey(address), address);

  const reviewRows = await db
    .select({ review: reviews, product: { slug: products.slug, name: products.name } })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
  const helpful = await db.select({ reviewId: reviewHelpfulVotes.reviewId, createdAt: reviewHelpfulVotes.createdAt }).from(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.userId, userId));

  const lists = await db.select().from(wishlists).where(eq(wishlists.userId, userId)).orderBy(asc(wishlists.createdAt));
  const items = await db
    .select({ item: wishlistItems, product: { slug: products.slug, name: products.name } })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.addedAt));

  const [subscription] = await db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status, source: newsletterSubscribers.source, createdAt: newsletterSubscribers.createdAt, confirmedAt: newsletterSubscribers.confirmedAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(or(eq(newsletterSubscribers.userId, userId), eq(newsletterSubscribers.email, email)));

  // "Notify me" sign-ups: the account's, and those given with its address while signed out.
  const alertRows = await db
    .select({ alert: restockAlerts, product: { slug: products.slug, name: products.name }, variant: { sku: variants.sku, size: variants.size, color: variants.color } })
    .from(restockAlerts)
    .innerJoin(products, eq(products.id, restockAlerts.productId))
    .leftJoin(variants, eq(variants.id, restockAlerts.variantId))
    .where(or(eq(restockAlerts.customerId, userId), eq(restockAlerts.email, email)))
    .orderBy(asc(restockAlerts.createdAt), asc(restockAlerts.id));

  // Raffle entries (ADR 0035): the code, the size, the rank and the fate; never the claim link's secret.
  const raffleRows = await db
    .select({ entry: raffleEntries, product: { slug: products.slug, name: products.name }, variant: { sku: variants.sku, size: variants.size, color: variants.color } })
    .from(raffleEntries)
    .innerJoin(raffles, eq(raffles.id, raffleEntries.raffleId))
    .innerJoin(products, eq(products.id, raffles.productId))
    .innerJoin(variants, eq(variants.id, raffleEntries.variantId))
    .where(eq(raffleEntries.accountId, userId))
    .orderBy(asc(raffleEntries.createdAt), asc(raffleEntries.id));

  const rsvpRows = await db
    .select({ rsvp: rsvps, event: { slug: events.slug, title: events.title, startsAt: events.startsAt } })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(or(eq(rsvps.userId, userId), sql`lower(${rsvps.email}) = ${email}`))
    .orderBy(asc(rsvps.createdAt));
  const orderIds = orderList.map((o) => o.id);
  const ticketRows =
    orderIds.length === 0
      ? []
      : await db
          .select({ ticket: tickets, event: { slug: events.slug, title: events.title, startsAt: events.startsAt } })
          .from(tickets)
          .innerJoin(events, eq(events.id, tickets.eventId))
          .where(inArray(tickets.orderId, orderIds))
          .orderBy(asc(tickets.id));

  const cartRows = await db
    .select({ cartId: carts.id, quantity: cartItems.quantity, addedAt: cartItems.addedAt, sku: variants.sku, size: variants.size, color: variants.color, product: products.name, slug: products.slug })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.addedAt));

  // Events recorded while signed in carry the account; with them comes the visit's session id.
  const analytics = await db
    .select({
      type: analyticsEvents.type,
      occurredAt: analyticsEvents.occurredAt,
      sessionId: analyticsEvents.sessionId,
      source: analyticsEvents.source,
      path: analyticsEvents.path,
      productId: analyticsEvents.productId,
      variantId: analyticsEvents.variantId,
      quantity: analyticsEvents.quantity,
      valueCents: analyticsEvents.valueCents,
      query: analyticsEvents.query,
      orderId: analyticsEvents.orderId,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(asc(analyticsEvents.occurredAt));

  const data = {
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      image: user.image,
      role: user.role,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      lastLoginAt: user.lastLoginAt,
      active: user.active,
      signInMethods: signIns,
      sessions: sessionRows,
    },
    profile: profile ? { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone, marketingOptIn: profile.marketingOptIn } : null,
    preferences: profile?.preferences ?? DEFAULT_PREFERENCES,
    // The store keeps no address book: these are the addresses given at checkout (each order has its own too).
    addresses: [...addresses.values()],
    orders: orderList,
    checkoutAttempts: attempts,
    reviews: reviewRows.map(({ review: r, product }) => ({
      id: r.id,
      product,
      rating: r.rating,
      title: r.title,
      comment: r.comment,
      size: r.size,
      color: r.color,
      fit: r.fit,
      verified: r.verified,
      helpfulCount: r.helpfulCount,
      hidden: r.hidden,
      hiddenReason: r.hiddenReason,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })),
    helpfulVotes: helpful,
    wishlists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      description: l.description,
      isPublic: l.isPublic,
      shareCode: l.shareCode,
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
      items: items
        .filter(({ item }) => item.wishlistId === l.id)
        .map(({ item, product }) => ({ product, size: item.size, color: item.color, notes: item.notes, priority: item.priority, addedAt: item.addedAt })),
    })),
    newsletter: subscription ?? null,
    restockAlerts: alertRows.map(({ alert: a, product, variant }) => ({
      product,
      variant: a.variantId === null ? null : variant,
      email: a.email,
      language: a.locale,
      createdAt: a.createdAt,
      mailedAt: a.mailedAt,
      stoppedAt: a.stoppedAt,
    })),
    raffleEntries: raffleRows.map(({ entry: e, product, variant }) => ({
      product,
      variant,
      code: e.code,
      createdAt: e.createdAt,
      rank: e.rank,
      status: e.status,
      claimExpiresAt: e.claimExpiresAt,
    })),
    rsvps: rsvpRows.map(({ rsvp: r, event }) => ({ event, name: r.name, email: r.email, partySize: r.partySize, status: r.status, createdAt: r.createdAt, confirmedAt: r.confirmedAt, cancelledAt: r.cancelledAt })),
    tickets: ticketRows.map(({ ticket: t, event }) => ({ event, code: t.code, type: t.typeName, status: t.status, orderId: t.orderId, checkedInAt: t.checkedInAt, voidedAt: t.voidedAt })),
    cart: cartRows.map((c) => ({ product: c.product, slug: c.slug, sku: c.sku, size: c.size, color: c.color, quantity: c.quantity, addedAt: c.addedAt })),
    analyticsEvents: analytics,
  };
  const summary: ExportSummary = {
    orders: data.orders.length,
    reviews: data.reviews.length,
    wishlists: data.wishlists.length,
    rsvps: data.rsvps.length,
    tickets: data.tickets.length,
    analyticsEvents: data.analyticsEvents.length,
  };
  return { data, summary };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof collectAccountData>>>["data"];
