import { z } from "zod";
import { addToCartJsonSchema, setQuantityJsonSchema, variantIdSchema } from "../../core/cart/index.ts";
import { categoryLabel, colorLabel, localeT } from "../../texts/index.ts";
import { track } from "./analytics.ts";
import { absolute, imageOut, imageSchema } from "./catalog.ts";
import { operation, type ApiContext } from "./operation.ts";
import { ApiProblem } from "./problem.ts";
import { queueTicketIdsOf } from "./queue.ts";

/*
 * The signed-in shopper's cart: the account's cart on the server, the one the web shows (ADR 0003), so a
 * shopper moves between the app and the web with the same lines. Every change is core's (core/cart), with
 * the web's stock rules and messages.
 *
 * A guest (no bearer token) keeps a cart as on the web: the web names it by a random token in a cookie, the
 * app by the same token in the X-Cart-Token header. The first add makes the cart and answers its token; at
 * sign-in or sign-up with the header, the cart joins the account's (core's attachGuestCart, as the web's).
 * A token names a guest cart only while it belongs to no account: once joined, it gives nothing.
 */

const lineSchema = z
  .object({
    id: z.number().int().meta({ description: "The line's id: its variant's id (one line per variant)." }),
    variantId: z.number().int(),
    productId: z.number().int(),
    slug: z.string(),
    name: z.string(),
    category: z.string(),
    categoryName: z.string(),
    sku: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    colorName: z.string().nullable(),
    art: z.url(),
    photo: imageSchema.nullable(),
    unitPriceCents: z.number().int().meta({ description: "Today's price (the cart is always priced from the catalogue)." }),
    quantity: z.number().int(),
    lineTotalCents: z.number().int(),
    available: z.number().int().meta({ description: "Units that can be bought now; checkout refuses a line above it." }),
  })
  .meta({ id: "CartLine" });

const cartSchema = z
  .object({
    lines: z.array(lineSchema),
    itemCount: z.number().int(),
    subtotalCents: z.number().int(),
    currency: z.literal("USD"),
    cartToken: z.string().nullable().meta({ description: "A guest's cart: its token, to send as X-Cart-Token (also in the X-Cart-Token header). Null for an account's cart or when there is no cart yet." }),
  })
  .meta({ id: "Cart", description: "Lines of items withdrawn from sale are left out." });

/** The cart the request names: the account's, or the guest's from X-Cart-Token (null when there is none). */
export async function requestCart(ctx: ApiContext): Promise<string | null> {
  if (ctx.viewer) return ctx.deps.useCases.cart.findCartOfUser(ctx.viewer.id);
  return ctx.cartToken && (await ctx.deps.useCases.cart.isGuestCart(ctx.cartToken)) ? ctx.cartToken : null;
}

export async function cartOut(ctx: ApiContext, cartId: string | null): Promise<z.input<typeof cartSchema>> {
  const cart = await ctx.deps.useCases.cart.getCart(cartId);
  const t = localeT(ctx.locale);
  return {
    lines: cart.lines.map((line) => ({
      id: line.variantId,
      variantId: line.variantId,
      productId: line.productId,
      slug: line.slug,
      name: line.name,
      category: line.category,
      categoryName: categoryLabel(t, line.category),
      sku: line.sku,
      size: line.size,
      color: line.color,
      colorName: line.color ? colorLabel(t, line.color) : null,
      art: absolute(ctx.deps.baseUrl, line.image),
      photo: line.photo ? imageOut(ctx.deps.baseUrl, line.photo) : null,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      available: Math.max(0, line.available),
    })),
    itemCount: cart.itemCount,
    subtotalCents: cart.subtotalCents,
    currency: "USD",
    cartToken: !ctx.viewer && cartId ? cartId : null,
  };
}

export { cartSchema };

const lineParams = z.object({ id: variantIdSchema.meta({ description: "The line's id (its variant's id).", example: "12" }) });

/** The cart a change to a line needs to exist. */
async function existingCart(ctx: ApiContext): Promise<string> {
  const cartId = await requestCart(ctx);
  if (!cartId) throw new ApiProblem(404, "cart.line_not_found", "cart.domain.notInCart");
  return cartId;
}

export const getCartOp = operation({
  operationId: "getCart",
  method: "get",
  path: "/cart",
  tag: "Cart",
  summary: "The cart",
  description: "The signed-in shopper's cart, priced from today's catalogue: the same cart as on the web. A guest's cart with X-Cart-Token.",
  access: "public",
  cartToken: true,
  success: { status: 200, description: "The cart (empty when there is none yet).", schema: cartSchema },
  async handle({ ctx }) {
    return cartOut(ctx, await requestCart(ctx));
  },
});

export const addCartItemOp = operation({
  operationId: "addCartItem",
  method: "post",
  path: "/cart/items",
  tag: "Cart",
  summary: "Add to the cart",
  description:
    "Adds units of a variant; the same variant again raises its line. Refused (409) past what is available, past 99 of one item or past a limited drop's limit per customer (`cart.customer_limit`), with the web's message; a guest adding a drop for account holders is refused (401, `cart.sign_in_required`). A drop with a waiting room needs a place let in (joinQueue): the account's, or a guest's Queue-Ticket; else 403 `cart.queue_required`, 409 `cart.queue_expired` once its time to check out has run out, 409 `cart.queue_in_use` for a place another cart already uses. A product sold by raffle is refused (409, `cart.raffle_only`) except one unit of the size a signed-in winner won. A guest without X-Cart-Token gets a new guest cart, its token in the X-Cart-Token header and `cartToken`.",
  access: "public",
  cartToken: true,
  queueTicket: true,
  idempotency: "optional",
  body: addToCartJsonSchema,
  success: { status: 201, description: "The cart with the item.", schema: cartSchema },
  problems: [401, 403, 404, 409],
  async handle({ body, ctx }) {
    let cartId = ctx.viewer ? await ctx.deps.useCases.cart.ensureCartOfUser(ctx.viewer.id) : await requestCart(ctx);
    if (!cartId) {
      // A guest's first add (or a token whose cart is gone): a new guest cart, as the web's cookie makes one.
      cartId = await ctx.deps.useCases.cart.createCart();
      ctx.res.setHeader("X-Cart-Token", cartId);
    }
    const added = await ctx.deps.useCases.cart.addToCart(cartId, { ...body, queueTickets: queueTicketIdsOf(ctx) });
    track(ctx, { type: "add_to_cart", productId: added.productId, variantId: body.variantId, quantity: body.quantity, valueCents: added.unitPriceCents * body.quantity });
    return cartOut(ctx, cartId);
  },
});

export const setCartItemOp = operation({
  operationId: "updateCartItem",
  method: "patch",
  path: "/cart/items/{id}",
  tag: "Cart",
  summary: "Change a line's quantity",
  description: "Sets the line's quantity; 0 removes the line. Refused (409) past what is available or past a limit per customer (`cart.customer_limit`).",
  access: "public",
  cartToken: true,
  params: lineParams,
  body: setQuantityJsonSchema,
  success: { status: 200, description: "The cart after the change.", schema: cartSchema },
  problems: [401, 404, 409],
  async handle({ params, body, ctx }) {
    const cartId = await existingCart(ctx);
    await ctx.deps.useCases.cart.setLineQuantity(cartId, { variantId: params.id, quantity: body.quantity });
    return cartOut(ctx, cartId);
  },
});

export const removeCartItemOp = operation({
  operationId: "removeCartItem",
  method: "delete",
  path: "/cart/items/{id}",
  tag: "Cart",
  summary: "Remove a line",
  access: "public",
  cartToken: true,
  params: lineParams,
  success: { status: 200, description: "The cart without the line.", schema: cartSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const cartId = await existingCart(ctx);
    await ctx.deps.useCases.cart.removeLine(cartId, params.id);
    return cartOut(ctx, cartId);
  },
});
