import { z } from "zod";
import { ensureCartOfUser } from "../../core/cart/index.ts";
import {
  createListSchema,
  createWishlist,
  deleteWishlist,
  getWishlist,
  itemIdSchema,
  listIdSchema,
  listWishlists,
  lookupSharedWishlist,
  moveItemToCart,
  moveToCartJsonSchema,
  removeItem,
  removeProductFromWishlists,
  renameListSchema,
  renameWishlist,
  saveItem,
  saveItemJsonSchema,
  savedProductIds,
  setWishlistSharing,
  shareCodeSchema,
  SHARE_LOOKUP_THROTTLE,
  updateItem,
  updateItemSchema,
  WISHLIST_MESSAGES,
  WISHLIST_PRIORITIES,
  type SharedWishlist,
  type WishlistSummary,
} from "../../core/wishlist/index.ts";
import { isDomainError } from "../../core/shared/errors.ts";
import type { Locale } from "../../core/shared/locale.ts";
import { categoryLabel, colorLabel, storedWishlistName, wishlistName } from "../lib/format.ts";
import { localeT, translateText } from "../lib/i18n.server.ts";
import { track } from "./analytics.ts";
import { absolute, imageOut, imageSchema } from "./catalog.ts";
import { operation, type ApiContext } from "./operation.ts";
import { ApiProblem } from "./problem.ts";

/*
 * The signed-in shopper's wishlists, as /wishlist and the heart keep them (core/wishlist): the same lists,
 * rules and messages. Every change names the account from the token; a list or item of someone else's is
 * answered exactly like one that does not exist (404).
 */

/* Answers */

const summarySchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ description: "The first list's default name (\"My Favorites\") is given in the language asked for." }),
    description: z.string(),
    first: z.boolean().meta({ description: "The first list: where the heart saves; it cannot be deleted." }),
    isPublic: z.boolean(),
    shareCode: z.string().nullable().meta({ description: "Set while the list is shared: anyone may read it at /api/v1/shared-wishlists/{code}.", example: "K7M2QX" }),
    shareUrl: z.url().nullable().meta({ description: "The shared list's web page." }),
    itemCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "WishlistSummary" });

const offerSchema = z.object({
  priceCents: z.number().int().nullable().meta({ description: "Today's price (the lowest of the variants that fit when none is chosen); null when it can no longer be bought." }),
  priceVaries: z.boolean().meta({ description: "The variants that fit differ in price (show \"from\")." }),
  availability: z.enum(["in_stock", "out_of_stock", "unavailable"]),
  available: z.number().int(),
  availabilityLabel: z.string().meta({ example: "7 in stock" }),
});

const sharedItemSchema = z.object({
  productSlug: z.string(),
  productName: z.string(),
  category: z.string(),
  categoryName: z.string(),
  art: z.url(),
  photo: imageSchema.nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  colorName: z.string().nullable(),
  notes: z.string(),
  priority: z.enum(WISHLIST_PRIORITIES),
  addedAt: z.iso.datetime(),
  offer: offerSchema,
});

const itemSchema = sharedItemSchema
  .extend({
    id: z.number().int(),
    offer: offerSchema.extend({
      variantId: z.number().int().nullable().meta({ description: "The variant a move to the cart takes when the saved options name one." }),
      choices: z
        .array(z.object({ variantId: z.number().int(), size: z.string().nullable(), color: z.string().nullable(), priceCents: z.number().int(), available: z.number().int() }))
        .meta({ description: "Otherwise the variants to choose from (send `variantId` when moving it to the cart)." }),
    }),
  })
  .meta({ id: "WishlistItem" });

const wishlistSchema = summarySchema.extend({ items: z.array(itemSchema).meta({ description: "Highest priority first; within one, the newest first." }) }).meta({ id: "Wishlist" });

const sharedWishlistSchema = z
  .object({ name: z.string(), description: z.string(), items: z.array(sharedItemSchema.meta({ id: "SharedWishlistItem" })) })
  .meta({ id: "SharedWishlist", description: "What anyone with the code sees: no owner, no ids." });

const messageSchema = z.object({ message: z.string() });

/* Requests: core's schemas (the forms' rules and messages) */

const listParams = z.object({ id: listIdSchema.shape.listId.meta({ description: "The list's id.", example: "3" }) });
const itemParams = z.object({ id: itemIdSchema.shape.itemId.meta({ description: "The saved item's id.", example: "12" }) });
const productParams = z.object({ productId: z.string().regex(/^\d{1,9}$/, WISHLIST_MESSAGES.productUnavailable).transform(Number).meta({ description: "The product's id.", example: "4" }) });
const renameBody = renameListSchema.omit({ listId: true });
const updateItemBody = updateItemSchema.omit({ itemId: true });

/* Helpers */

function availabilityText(t: ReturnType<typeof localeT>, offer: { availability: string; available: number }): string {
  if (offer.availability === "unavailable") return t("wishlist.item.noLongerAvailable");
  return offer.availability === "in_stock" ? t("wishlist.item.inStock", { count: offer.available }) : t("wishlist.item.outOfStock");
}

function sharedItemOut(ctx: ApiContext, item: SharedWishlist["items"][number]): z.input<typeof sharedItemSchema> {
  const t = localeT(ctx.locale);
  return {
    productSlug: item.productSlug,
    productName: item.productName,
    category: item.category,
    categoryName: categoryLabel(t, item.category),
    art: absolute(ctx.deps.baseUrl, item.image),
    photo: item.photo ? imageOut(ctx.deps.baseUrl, item.photo) : null,
    size: item.size,
    color: item.color,
    colorName: item.color ? colorLabel(t, item.color) : null,
    notes: item.notes,
    priority: item.priority,
    addedAt: item.addedAt.toISOString(),
    offer: { priceCents: item.offer.priceCents, priceVaries: item.offer.priceVaries, availability: item.offer.availability, available: item.offer.available, availabilityLabel: availabilityText(t, item.offer) },
  };
}

function shareUrl(baseUrl: string, locale: Locale, code: string | null): string | null {
  return code ? absolute(baseUrl, `${locale === "es" ? "/es" : ""}/wishlist/${code}`) : null;
}

function summaryOut(ctx: ApiContext, list: WishlistSummary, firstId: number | null): z.input<typeof summarySchema> {
  return {
    id: list.id,
    name: wishlistName(localeT(ctx.locale), list.name),
    description: list.description,
    first: list.id === firstId,
    isPublic: list.isPublic,
    shareCode: list.shareCode,
    shareUrl: shareUrl(ctx.deps.baseUrl, ctx.locale, list.shareCode),
    itemCount: list.itemCount,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}

async function wishlistOut(ctx: ApiContext<"signed-in">, listId: number): Promise<z.input<typeof wishlistSchema>> {
  const [lists, list] = await Promise.all([listWishlists(ctx.deps.db, ctx.viewer.id), getWishlist(ctx.deps.db, ctx.viewer.id, listId)]);
  if (!list) throw new ApiProblem(404, "wishlist.not_found", WISHLIST_MESSAGES.listNotFound);
  return {
    ...summaryOut(ctx, list, lists[0]?.id ?? null),
    items: list.items.map((item) => {
      const shared = sharedItemOut(ctx, item);
      return {
        ...shared,
        id: item.id,
        offer: { ...shared.offer, variantId: item.offer.variantId, choices: item.offer.choices.map((c) => ({ variantId: c.id, size: c.size, color: c.color, priceCents: c.priceCents, available: Math.max(0, c.available) })) },
      };
    }),
  };
}

const say = (ctx: ApiContext, text: string) => ({ message: translateText(ctx.locale, text) });

/* Operations */

export const listWishlistsOp = operation({
  operationId: "listWishlists",
  method: "get",
  path: "/wishlists",
  tag: "Wishlists",
  summary: "The shopper's wishlists",
  description: "Oldest first: the first is the one the heart saves to (\"My Favorites\", made on first use).",
  access: "signed-in",
  success: { status: 200, description: "The lists, without their items.", schema: z.object({ items: z.array(summarySchema) }).meta({ id: "WishlistList" }) },
  async handle({ ctx }) {
    const lists = await listWishlists(ctx.deps.db, ctx.viewer.id);
    return { items: lists.map((l) => summaryOut(ctx, l, lists[0]?.id ?? null)) };
  },
});

export const createWishlistOp = operation({
  operationId: "createWishlist",
  method: "post",
  idempotency: "optional",
  path: "/wishlists",
  tag: "Wishlists",
  summary: "Make a further list",
  description: `As on /wishlist: a name (at most 60 characters) and a description (at most 200); at most 20 lists (409).`,
  access: "signed-in",
  body: createListSchema,
  success: { status: 201, description: "The new list.", schema: wishlistSchema },
  problems: [409],
  async handle({ body, ctx }) {
    const listId = await createWishlist(ctx.deps.db, ctx.viewer.id, body);
    return wishlistOut(ctx, listId);
  },
});

export const getWishlistOp = operation({
  operationId: "getWishlist",
  method: "get",
  path: "/wishlists/{id}",
  tag: "Wishlists",
  summary: "A list with its items",
  description: "Each item priced and stocked from today's catalogue. Another shopper's list is not found.",
  access: "signed-in",
  params: listParams,
  success: { status: 200, description: "The list.", schema: wishlistSchema },
  problems: [404],
  async handle({ params, ctx }) {
    return wishlistOut(ctx, params.id);
  },
});

export const updateWishlistOp = operation({
  operationId: "updateWishlist",
  method: "patch",
  path: "/wishlists/{id}",
  tag: "Wishlists",
  summary: "Rename a list",
  description: "Its name and description, with the page's rules. The default name in the language asked for stays the default name.",
  access: "signed-in",
  params: listParams,
  body: renameBody,
  success: { status: 200, description: "The list after the change.", schema: wishlistSchema },
  problems: [404],
  async handle({ params, body, ctx }) {
    const name = storedWishlistName(localeT(ctx.locale), body.name) ?? body.name;
    await renameWishlist(ctx.deps.db, ctx.viewer.id, { listId: params.id, name, description: body.description });
    return wishlistOut(ctx, params.id);
  },
});

export const deleteWishlistOp = operation({
  operationId: "deleteWishlist",
  method: "delete",
  path: "/wishlists/{id}",
  tag: "Wishlists",
  summary: "Delete a list",
  description: "Deletes a further list and its items. The first list stays (409): it is where the heart saves.",
  access: "signed-in",
  params: listParams,
  success: { status: 204, description: "Deleted." },
  problems: [404, 409],
  async handle({ params, ctx }) {
    await deleteWishlist(ctx.deps.db, ctx.viewer.id, params.id);
  },
});

export const shareWishlistOp = operation({
  operationId: "shareWishlist",
  method: "post",
  path: "/wishlists/{id}/share",
  tag: "Wishlists",
  summary: "Share a list",
  description: "Makes the list public with a share code (kept when it is public already): anyone with the code can read it.",
  access: "signed-in",
  params: listParams,
  success: { status: 200, description: "The list, public, with its code.", schema: wishlistSchema },
  problems: [404],
  async handle({ params, ctx }) {
    await setWishlistSharing(ctx.deps.db, ctx.viewer.id, { listId: params.id, visibility: "public" });
    return wishlistOut(ctx, params.id);
  },
});

export const unshareWishlistOp = operation({
  operationId: "unshareWishlist",
  method: "delete",
  path: "/wishlists/{id}/share",
  tag: "Wishlists",
  summary: "Stop sharing a list",
  description: "Makes the list private: its code stops working at once (sharing it again gives a new code).",
  access: "signed-in",
  params: listParams,
  success: { status: 200, description: "The list, private.", schema: wishlistSchema },
  problems: [404],
  async handle({ params, ctx }) {
    await setWishlistSharing(ctx.deps.db, ctx.viewer.id, { listId: params.id, visibility: "private" });
    return wishlistOut(ctx, params.id);
  },
});

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
    const saved = await saveItem(ctx.deps.db, ctx.viewer.id, { productId: body.productId, size: body.size, color: body.color, ...(body.listId !== undefined ? { listId: body.listId } : {}) });
    return { ...saved, ...say(ctx, WISHLIST_MESSAGES.saved) };
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
    await removeProductFromWishlists(ctx.deps.db, ctx.viewer.id, params.productId);
    return say(ctx, WISHLIST_MESSAGES.removed);
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
    return { productIds: (await savedProductIds(ctx.deps.db, ctx.viewer.id)).sort((a, b) => a - b) };
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
    await updateItem(ctx.deps.db, ctx.viewer.id, { itemId: params.id, ...body });
    return say(ctx, WISHLIST_MESSAGES.itemUpdated);
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
    await removeItem(ctx.deps.db, ctx.viewer.id, params.id);
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
    const cartId = await ensureCartOfUser(ctx.deps.db, ctx.viewer.id);
    const moved = await moveItemToCart(ctx.deps.db, ctx.viewer.id, { itemId: params.id, variantId: body.variantId }, cartId);
    track(ctx, { type: "add_to_cart", productId: moved.productId, variantId: moved.variantId, quantity: 1, valueCents: moved.unitPriceCents });
    return say(ctx, WISHLIST_MESSAGES.movedToCart);
  },
});

export const getSharedWishlistOp = operation({
  operationId: "getSharedWishlist",
  method: "get",
  path: "/shared-wishlists/{code}",
  tag: "Wishlists",
  summary: "A shared list, by its code",
  description: `For anyone, signed in or not, as the shared page /wishlist/{code}. A private list, a revoked code and an unknown one are all "not found". Lookups are limited per address (${SHARE_LOOKUP_THROTTLE.limit} in ${SHARE_LOOKUP_THROTTLE.windowMs / 60_000} minutes; 429).`,
  access: "public",
  params: z.object({ code: z.string().max(40).meta({ description: "The share code (case does not matter).", example: "K7M2QX" }) }),
  success: { status: 200, description: "The list.", schema: sharedWishlistSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const code = shareCodeSchema.safeParse(params.code);
    const notFound = () => new ApiProblem(404, "wishlist.not_found", WISHLIST_MESSAGES.listNotFound);
    if (!code.success) throw notFound();
    let list;
    try {
      list = await lookupSharedWishlist(ctx.deps.db, code.data, ctx.req.ip ?? "unknown");
    } catch (error) {
      if (isDomainError(error) && error.code === "wishlist.rate_limited") {
        throw new ApiProblem(429, error.code, error.message, { retryAfterSeconds: Math.ceil(SHARE_LOOKUP_THROTTLE.windowMs / 1000) });
      }
      throw error;
    }
    if (!list) throw notFound();
    return { name: wishlistName(localeT(ctx.locale), list.name), description: list.description, items: list.items.map((item) => sharedItemOut(ctx, item)) };
  },
});
