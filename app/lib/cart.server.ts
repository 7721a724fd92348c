import { createCookie } from "react-router";
import { createCart, cartExists, getCart, type CartView } from "../../core/cart/index.ts";
import { TOKEN_PATTERN } from "../../core/shared/ids.ts";
import type { StoreContext } from "../../server/context.ts";

const ONE_YEAR_S = 365 * 24 * 3600;

/** The cart cookie holds only the cart's random token; the cart itself lives in the database. */
function cartCookie(secure: boolean) {
  return createCookie("eh_cart", { httpOnly: true, sameSite: "lax", path: "/", maxAge: ONE_YEAR_S, secure });
}

export async function readCartId(request: Request, context: StoreContext): Promise<string | null> {
  const value: unknown = await cartCookie(context.secureCookies).parse(request.headers.get("Cookie"));
  return typeof value === "string" && TOKEN_PATTERN.test(value) ? value : null;
}

export async function loadCart(request: Request, context: StoreContext): Promise<CartView> {
  return getCart(context.db, await readCartId(request, context));
}

/**
 * The shopper's cart id, creating the cart (and the Set-Cookie header that names it) on first use.
 * A cookie naming a cart that no longer exists gets a new cart.
 */
export async function ensureCartId(
  request: Request,
  context: StoreContext,
): Promise<{ cartId: string; setCookie: string | null }> {
  const existing = await readCartId(request, context);
  if (existing && (await cartExists(context.db, existing))) return { cartId: existing, setCookie: null };
  const cartId = await createCart(context.db);
  return { cartId, setCookie: await cartCookie(context.secureCookies).serialize(cartId) };
}
