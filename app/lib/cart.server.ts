import { createCookie } from "react-router";
import type { CartView } from "../../core/cart/rules.ts";
import { TOKEN_PATTERN } from "../../core/shared/ids.ts";
import type { StoreContext } from "../context.ts";
import { requestLocale } from "./i18n.server.ts";
import { storeCookieName } from "../../core/shared/cookies.ts";
import { getViewer } from "./session.server.ts";

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * A guest's cart is named by the cart cookie (a random token; the cart itself lives in the database).
 * A signed-in shopper's cart is the account's, wherever they sign in.
 */
function cartCookie(secure: boolean) {
  return createCookie(storeCookieName("eh_cart", secure), { httpOnly: true, sameSite: "lax", path: "/", maxAge: ONE_YEAR_S, secure });
}

export async function readGuestCartId(request: Request, context: StoreContext): Promise<string | null> {
  const value: unknown = await cartCookie(context.secureCookies).parse(request.headers.get("Cookie"));
  return typeof value === "string" && TOKEN_PATTERN.test(value) ? value : null;
}

/** The cart this request acts on, if there is one yet. */
export async function readCartId(request: Request, context: StoreContext): Promise<string | null> {
  const viewer = await getViewer(request, context);
  if (viewer) return context.useCases.cart.findCartOfUser(viewer.id);
  return readGuestCartId(request, context);
}

const pageCarts = new WeakMap<object, Promise<CartView>>();

/**
 * The visitor's cart, its ticket lines named in the page's language. A page's loaders (the root's for the
 * header, the checkout's) share one read per HTTP request; an action's changes come before its loaders run.
 */
export function loadCart(request: Request, context: StoreContext): Promise<CartView> {
  const read = async () => context.useCases.cart.getCart(await readCartId(request, context), requestLocale(request));
  if (request.method !== "GET" || !context) return read();
  let cart = pageCarts.get(context);
  if (!cart) pageCarts.set(context, (cart = read()));
  return cart;
}

/**
 * The cart to add to, created on first use. A guest's new cart comes with the Set-Cookie header that
 * names it; a cookie naming a cart that no longer exists gets a new cart.
 */
export async function ensureCartId(
  request: Request,
  context: StoreContext,
): Promise<{ cartId: string; setCookie: string | null }> {
  const viewer = await getViewer(request, context);
  if (viewer) {
    return { cartId: await context.useCases.cart.ensureCartOfUser(viewer.id), setCookie: null };
  }
  const existing = await readGuestCartId(request, context);
  if (existing && (await context.useCases.cart.cartExists(existing))) return { cartId: existing, setCookie: null };
  const cartId = await context.useCases.cart.createCart();
  return { cartId, setCookie: await cartCookie(context.secureCookies).serialize(cartId) };
}

/** Forgets the guest cart cookie (at sign-in the cart joins the account; at sign-out the guest starts afresh). */
export async function clearCartCookie(context: StoreContext): Promise<string> {
  return cartCookie(context.secureCookies).serialize("", { maxAge: 0 });
}
