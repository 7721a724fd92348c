import { z } from "zod";
import { createListSchema, shareCodeSchema, SHARE_LOOKUP_THROTTLE, wishlistField } from "../../core/wishlist/index.ts";
import { isDomainError } from "../../core/shared/errors.ts";
import { storedWishlistName, wishlistName, localeT } from "../../texts/index.ts";
import { operation } from "./operation.ts";
import { ApiProblem } from "./problem.ts";
import { summarySchema, wishlistSchema, sharedWishlistSchema, listParams, renameBody, sharedItemOut, summaryOut, wishlistOut } from "./wishlist-answers.ts";

/*
 * The signed-in shopper's wishlists, as /wishlist and the heart keep them (core/wishlist): the same lists,
 * rules and messages. Every change names the account from the token; a list or item of someone else's is
 * answered exactly like one that does not exist (404).
 */

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
    const lists = await ctx.deps.useCases.wishlist.listWishlists(ctx.viewer.id);
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
    const listId = await ctx.deps.useCases.wishlist.createWishlist(ctx.viewer.id, body);
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
    await ctx.deps.useCases.wishlist.renameWishlist(ctx.viewer.id, { listId: params.id, name, description: body.description });
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
    await ctx.deps.useCases.wishlist.deleteWishlist(ctx.viewer.id, params.id);
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
    await ctx.deps.useCases.wishlist.setWishlistSharing(ctx.viewer.id, { listId: params.id, visibility: "public" });
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
    await ctx.deps.useCases.wishlist.setWishlistSharing(ctx.viewer.id, { listId: params.id, visibility: "private" });
    return wishlistOut(ctx, params.id);
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
    const notFound = () => new ApiProblem(404, "wishlist.not_found", wishlistField("wishlist.domain.listNotFound"));
    if (!code.success) throw notFound();
    let list;
    try {
      list = await ctx.deps.useCases.wishlist.lookupSharedWishlist(code.data, ctx.req.ip ?? "unknown");
    } catch (error) {
      if (isDomainError(error) && error.code === "wishlist.rate_limited") {
        throw new ApiProblem(429, error.code, error.message, { said: error, retryAfterSeconds: Math.ceil(SHARE_LOOKUP_THROTTLE.windowMs / 1000) });
      }
      throw error;
    }
    if (!list) throw notFound();
    return { name: wishlistName(localeT(ctx.locale), list.name), description: list.description, items: list.items.map((item) => sharedItemOut(ctx, item)) };
  },
});

export { moveWishlistItemToCartOp, removeWishlistItemOp, savedProductsOp, saveWishlistItemOp, unsaveWishlistProductOp, updateWishlistItemOp } from "./wishlist-items.ts";
