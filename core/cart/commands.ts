import { and, sql, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, carts, products, variants } from "../../db/schema/index.ts";
import { productReleaseAt } from "../catalog/index.ts";
import { newToken } from "../shared/ids.ts";
import { checkPass, moveCartPasses } from "../queue/index.ts";
import { CartError, cartText, customerLimitReached, insufficientStock, notOnSaleYet, queueExpired, queueInUse, queueRequired, raffleOnly, signInRequired } from "./errors.ts";
import { customerHoldings, raffleSaleOf } from "./queries.ts";
import { limitBreachOf, MAX_LINE_QUANTITY, type LimitedLine } from "./rules.ts";

/** Creates an empty cart and returns its token (the cart cookie's value). */
export async function createCart(db: Db): Promise<string> {
  const id = newToken();
  await db.insert(carts).values({ id });
  return id;
}

/** True when the token names a guest's cart: one that exists and belongs to no account (the app's X-Cart-Token). */
export async function isGuestCart(db: Db, cartId: string): Promise<boolean> {
  const rows = await db.select({ userId: carts.userId }).from(carts).where(eq(carts.id, cartId)).limit(1);
  return rows.length > 0 && rows[0]!.userId === null;
}

/** True when a cart with this token exists. */
export async function cartExists(db: Db, cartId: string): Promise<boolean> {
  const rows = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).limit(1);
  return rows.length > 0;
}

/**
 * Serialises concurrent changes to one cart (two tabs, a double click, two checkouts of it): the update takes
 * the row's lock until the transaction ends, and says whether the cart exists and whose it is, in one round trip.
 */
export async function lockCart(tx: Db, cartId: string): Promise<{ id: string; userId: string | null }> {
  const rows = await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId)).returning({ id: carts.id, userId: carts.userId });
  if (rows.length === 0) throw new CartError("cart.line_not_found", cartText("cart.domain.expiredAddAgain"));
  return rows[0]!;
}

/** Still on sale: a product with a sale end (a ticket, until its event is over) cannot be added after it. */
const onSale = sql`(${products.saleEndsAt} is null or ${products.saleEndsAt} > now())`;

async function sellableVariant(tx: Db, variantId: number) {
  const [row] = await tx
    .select({
      id: variants.id,
      productId: variants.productId,
      name: products.name,
      size: variants.size,
      color: variants.color,
      available: variants.available,
      unitPriceCents: sql<number>`coalesce(${variants.priceCents}, ${products.basePriceCents})`,
      onSaleAt: productReleaseAt,
      slug: products.slug,
      productLimit: products.limitPerCustomer,
      variantLimit: variants.limitPerCustomer,
      signInRequired: products.signInRequired,
      // Decided by the database's clock, never this process's: every app process opens a drop at the same moment.
      released: sql<boolean>`(${productReleaseAt} is null or ${productReleaseAt} <= now())`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, variantId), eq(variants.active, true), eq(products.active, true), onSale))
    .limit(1);
  if (!row) throw new CartError("cart.variant_not_found", cartText("cart.domain.itemGone"));
  if (!row.released) throw notOnSaleYet(row.name, row.onSaleAt!);
  return row;
}

type Sellable = Awaited<ReturnType<typeof sellableVariant>>;

/**
 * A limited drop (ADR 0033): a guest is sent to sign in; an account may hold at most the limit, counting the
 * units this cart would have of the product after the change (`quantity` of this variant) with those the
 * customer already holds in other carts, open checkouts and orders. Checkout checks again, by address and card too.
 */
async function checkCustomerLimit(tx: Db, cart: { id: string; userId: string | null }, variant: Sellable, quantity: number): Promise<void> {
  const limited = variant.productLimit !== null || variant.variantLimit !== null;
  if (!limited && !variant.signInRequired) return;
  if (!cart.userId) throw signInRequired(variant.name, variant.slug);
  if (!limited) return;
  const siblings = await tx
    .select({ variantId: cartItems.variantId, quantity: cartItems.quantity, variantLimit: variants.limitPerCustomer })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .where(and(eq(cartItems.cartId, cart.id), eq(variants.productId, variant.productId)));
  const line = (variantId: number, units: number, variantLimit: number | null): LimitedLine => ({
    variantId,
    productId: variant.productId,
    name: variant.name,
    options: variantId === variant.id ? [variant.size, variant.color].filter(Boolean).join(", ") : "",
    size: variantId === variant.id ? variant.size : null,
    color: variantId === variant.id ? variant.color : null,
    quantity: units,
    productLimit: variant.productLimit,
    // Only the changed variant's own limit is checked here: another line's was checked when it changed.
    variantLimit: variantId === variant.id ? variantLimit : null,
  });
  const lines = [
    ...siblings.filter((s) => s.variantId !== variant.id).map((s) => line(s.variantId, s.quantity, s.variantLimit)),
    line(variant.id, quantity, variant.variantLimit),
  ];
  const held = await customerHoldings(tx, { userId: cart.userId }, [variant.productId], cart.id);
  const breach = limitBreachOf(lines, held);
  if (breach) throw customerLimitReached(breach.what, breach.limit, breach.held);
}

/**
 * A drop with a waiting room (ADR 0034): the visitor must hold an admitted, unexpired pass (the account's, a
 * carried token's, or one this cart already uses), which is bound to this cart on first use.
 */
async function checkQueuePass(tx: Db, cart: { id: string; userId: string | null }, variant: Sellable, queueTickets: readonly string[]): Promise<void> {
  const verdict = await checkPass(tx, variant.productId, { cartId: cart.id, accountId: cart.userId, ticketIds: queueTickets });
  if (verdict === "no_queue" || verdict === "ok") return;
  if (verdict === "expired") throw queueExpired(variant.name, variant.slug);
  if (verdict === "in_use") throw queueInUse(variant.name, variant.slug);
  throw queueRequired(variant.name, variant.slug, variant.productId);
}

/**
 * A product sold by raffle (ADR 0035) is added only by a winner claiming their unit: one, of the size won.
 * Answers whether the raffle still holds that unit for them (then the stock check is theirs already: the
 * draw reserved it, and checkout moves the reservation over).
 */
async function checkRaffle(tx: Db, cart: { userId: string | null }, variant: Sellable, quantity: number): Promise<{ held: boolean }> {
  const sale = await raffleSaleOf(tx, variant.productId, cart.userId, variant.id);
  if (!sale.raffleOnly) return { held: false };
  if (!sale.claim || quantity > 1) throw raffleOnly(variant.name, variant.slug);
  return { held: sale.claim.held };
}

async function currentQuantity(tx: Db, cartId: string, variantId: number): Promise<number> {
  const [line] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  return line?.quantity ?? 0;
}

/**
 * Adds units of a variant (the same variant again raises that line's quantity); answers what was added (its
 * product and unit price), for the add_to_cart event. `queueTickets`: the ids of the verified queue tokens the
 * visitor carries (a guest's cookie, the app's Queue-Ticket header), for a drop with a waiting room.
 */
export async function addToCart(
  db: Db,
  cartId: string,
  input: { variantId: number; quantity: number; queueTickets?: readonly string[] | undefined },
): Promise<{ productId: number; unitPriceCents: number }> {
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, cartId);
    const variant = await sellableVariant(tx, input.variantId);
    // A drop's pass first: on its biggest minute most refused adds come from people (and bots) not let in yet,
    // and nothing else needs reading to refuse them.
    await checkQueuePass(tx, cart, variant, input.queueTickets ?? []);
    const inCart = await currentQuantity(tx, cartId, input.variantId);
    const wanted = inCart + input.quantity;
    const raffle = await checkRaffle(tx, cart, variant, wanted);
    await checkCustomerLimit(tx, cart, variant, wanted);
    if (wanted > variant.available + (raffle.held ? 1 : 0)) {
      throw insufficientStock(variant.name, variant.size, variant.color, variant.available, inCart);
    }
    if (wanted > MAX_LINE_QUANTITY) {
      throw new CartError("cart.line_limit", cartText("cart.domain.lineLimit", { max: MAX_LINE_QUANTITY }));
    }
    await tx
      .insert(cartItems)
      .values({ cartId, variantId: input.variantId, quantity: wanted })
      .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.variantId], set: { quantity: wanted } });
    return { productId: variant.productId, unitPriceCents: Number(variant.unitPriceCents) };
  });
}

/** Finds the variant of a product for the chosen size and colour (the no-JavaScript add form). */
export async function findVariantByOptions(
  db: Db,
  input: { productId: number; size: string | null; color: string | null },
): Promise<number> {
  const rows = await db
    .select({ id: variants.id, size: variants.size, color: variants.color })
    .from(variants)
    .where(and(eq(variants.productId, input.productId), eq(variants.active, true)));
  if (rows.length === 0) throw new CartError("cart.variant_not_found", cartText("cart.domain.itemGone"));
  const needsSize = rows.some((r) => r.size !== null);
  const needsColor = rows.some((r) => r.color !== null);
  if ((needsSize && !input.size) || (needsColor && !input.color)) {
    const size = needsSize && !input.size;
    const color = needsColor && !input.color;
    throw new CartError("cart.variant_not_found", cartText(size && color ? "cart.domain.chooseSizeAndColor" : size ? "cart.domain.chooseSize" : "cart.domain.chooseColor"));
  }
  const match = rows.find(
    (r) => r.size === (needsSize ? input.size : null) && r.color === (needsColor ? input.color : null),
  );
  if (!match) throw new CartError("cart.variant_not_found", cartText("cart.domain.comboUnavailable"));
  return match.id;
}

/** Sets one line's quantity; 0 or less removes the line. Other lines of the same product are untouched. */
export async function setLineQuantity(
  db: Db,
  cartId: string,
  input: { variantId: number; quantity: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, cartId);
    if (input.quantity <= 0) {
      await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, input.variantId)));
      return;
    }
    const inCart = await currentQuantity(tx, cartId, input.variantId);
    if (inCart === 0) throw new CartError("cart.line_not_found", cartText("cart.domain.notInCart"));
    const variant = await sellableVariant(tx, input.variantId);
    // Lowering is always allowed: a customer over a limit (an order placed meanwhile) can come back under it.
    const raffle = input.quantity > inCart ? await checkRaffle(tx, cart, variant, input.quantity) : { held: false };
    if (input.quantity > inCart) {
      await checkCustomerLimit(tx, cart, variant, input.quantity);
      await checkQueuePass(tx, cart, variant, []);
    }
    if (input.quantity > variant.available + (raffle.held ? 1 : 0)) {
      throw insufficientStock(variant.name, variant.size, variant.color, variant.available, 0);
    }
    await tx
      .update(cartItems)
      .set({ quantity: input.quantity })
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, input.variantId)));
  });
}

export async function removeLine(db: Db, cartId: string, variantId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
}

export async function clearCart(db: Db, cartId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/** The account's cart, if it has one. */
export async function findCartOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).orderBy(carts.createdAt).limit(1);
  return row?.id ?? null;
}

export async function createCartForUser(db: Db, userId: string): Promise<string> {
  const id = newToken();
  await db.insert(carts).values({ id, userId });
  return id;
}

/** The account's cart, made on first use (the web's and the app's cart are this one). */
export async function ensureCartOfUser(db: Db, userId: string): Promise<string> {
  return (await findCartOfUser(db, userId)) ?? (await createCartForUser(db, userId));
}

/**
 * At sign-in the guest's cart joins the account's cart: the same variant's quantities add up, capped by
 * what is available and by 99; other lines move over. Returns the account's cart id (null if neither exists).
 */
export async function attachGuestCart(db: Db, guestCartId: string | null, userId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [accountCart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).orderBy(carts.createdAt).limit(1).for("update");
    if (!guestCartId || guestCartId === accountCart?.id) return accountCart?.id ?? null;
    const [guest] = await tx.select({ id: carts.id, userId: carts.userId }).from(carts).where(eq(carts.id, guestCartId)).for("update");
    // Someone else's cart (a shared computer) is never merged into this account.
    if (!guest || (guest.userId !== null && guest.userId !== userId)) return accountCart?.id ?? null;
    if (!accountCart) {
      await tx.update(carts).set({ userId, updatedAt: new Date() }).where(eq(carts.id, guest.id));
      return guest.id;
    }
    const guestLines = await tx
      .select({
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
        available: variants.available,
      })
      .from(cartItems)
      .innerJoin(variants, eq(variants.id, cartItems.variantId))
      .where(eq(cartItems.cartId, guest.id));
    for (const line of guestLines) {
      const inAccount = await currentQuantity(tx, accountCart.id, line.variantId);
      const merged = Math.min(inAccount + line.quantity, Math.max(line.available, inAccount), MAX_LINE_QUANTITY);
      if (merged <= 0) continue;
      await tx
        .insert(cartItems)
        .values({ cartId: accountCart.id, variantId: line.variantId, quantity: merged })
        .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.variantId], set: { quantity: merged } });
    }
    await moveCartPasses(tx, guest.id, accountCart.id);
    await tx.delete(carts).where(eq(carts.id, guest.id));
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, accountCart.id));
    return accountCart.id;
  });
}
