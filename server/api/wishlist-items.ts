import { z } from "zod";
import { moveToCartJsonSchema, saveItemJsonSchema } from "../../core/wishlist/index.ts";
import { track } from "./analytics.ts";
import { operation } from "./operation.ts";
import { messageSchema, itemParams, productParams, updateItemBody, say } from "./wishlist-answers.ts";

/* The saved items of the signed-in shopper's lists: save, unsave, the saved ids, change, remove, move to the cart. */

export const saveWishlistItemOp = operation({
  operationId: "saveWishlistItem",
  method: "post",
  idempotency: "optional",
  path: "/wishlist-items",
  tag: "Wishlists",
  summary: "Save a product (the heart)",
  description:
    "Saves a product, with its size and colour when chosen, to the list named (absent: the first list, as the heart does). The same product and options in the same list again: 409 \"Item already in wishlist\" (it is saved).",
  access: "signed-in",
  body: saveItemJsonSchema,
  success: { status: 201, description: "Saved.", schema: z.object({ listId: z.number().int(), itemId: z.number().int(), message: z.string() }).meta({ id: "WishlistSaved" }) },
  problems: [404, 409],
  async handle({ body, ctx }) {
    const saved = await ctx.deps.useCases.wishlist.saveItem(ctx.viewer.id, { productId: body.productId, size: body.size, color: body.color, ...(body.listId !== undefined ? { listId: body.listId } : {}) });
    return { ...saved, ...say(ctx, "wishlist.domain.saved") };
  },
});

export const unsaveWishlistProductOp = operation({
  operationId: "unsaveWishlistProduct",
  method: "delete",
  path: "/wishlist-products/{productId}",
  tag: "Wishlists",
  summary: "Unsave a product (the heart)",
  description: "The heart's remove: the product leaves every list of the shopper (the heart shows saved while it is in any).",
  access: "signed-in",
  params: productParams,
  success: { status: 200, description: "Removed (also when it was not saved).", schema: messageSchema },
  async handle({ params, ctx }) {
    await ctx.deps.useCases.wishlist.removeProductFromWishlists(ctx.viewer.id, params.productId);
    return say(ctx, "wishlist.domain.removed");
  },
});

export const savedProductsOp = operation({
  operationId: "listSavedProducts",
  method: "get",
  path: "/wishlist-products",
  tag: "Wishlists",
  summary: "Which products are saved",
  description: "The ids of the products in any of the shopper's lists: the hearts to show filled.",
  access: "signed-in",
  success: { status: 200, description: "Product ids.", schema: z.object({ productIds: z.array(z.number().int()) }).meta({ id: "SavedProducts" }) },
  async handle({ ctx }) {
    return { productIds: (await ctx.deps.useCases.wishlist.savedProductIds(ctx.viewer.id)).sort((a, b) => a - b) };
  },
});

export const updateWishlistItemOp = operation({
  operationId: "updateWishlistItem",
  method: "patch",
  path: "/wishlist-items/{id}",
  tag: "Wishlists",
  summary: "Change a saved item's priority and notes",
  description: "Priority high, medium or low; notes at most 500 characters.",
  access: "signed-in",
  params: itemParams,
  body: updateItemBody,
  success: { status: 200, description: "Updated.", schema: messageSchema },
  problems: [404],
  async handle({ params, body, ctx }) {
    await ctx.deps.useCases.wishlist.updateItem(ctx.viewer.id, { itemId: params.id, ...body });
    return say(ctx, "wishlist.domain.itemUpdated");
  },
});

export const removeWishlistItemOp = operation({
  operationId: "removeWishlistItem",
  method: "delete",
  path: "/wishlist-items/{id}",
  tag: "Wishlists",
  summary: "Remove a saved item from its list",
  access: "signed-in",
  params: itemParams,
  success: { status: 204, description: "Removed." },
  problems: [404],
  async handle({ params, ctx }) {
    await ctx.deps.useCases.wishlist.removeItem(ctx.viewer.id, params.id);
  },
});

export const moveWishlistItemToCartOp = operation({
  operationId: "moveWishlistItemToCart",
  method: "post",
  idempotency: "optional",
  path: "/wishlist-items/{id}/move-to-cart",
  tag: "Wishlists",
  summary: "Move a saved item to the cart",
  description: "One unit into the cart and out of the list, with the cart's stock rules (409): if the cart refuses, the item stays saved. `variantId` only when the saved options do not name one variant.",
  access: "signed-in",
  params: itemParams,
  body: moveToCartJsonSchema,
  success: { status: 200, description: "Moved.", schema: messageSchema },
  problems: [404, 409],
  async handle({ params, body, ctx }) {
    const cartId = await ctx.deps.useCases.cart.ensureCartOfUser(ctx.viewer.id);
    const moved = await ctx.deps.useCases.wishlist.moveItemToCart(ctx.viewer.id, { itemId: params.id, variantId: body.variantId }, cartId);
    track(ctx, { type: "add_to_cart", productId: moved.productId, variantId: moved.variantId, quantity: 1, valueCents: moved.unitPriceCents });
    return say(ctx, "wishlist.domain.movedToCart");
  },
});

