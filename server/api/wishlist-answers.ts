import { z } from "zod";
import { itemIdSchema, listIdSchema, renameListSchema, updateItemSchema, wishlistField, WISHLIST_PRIORITIES, type SharedWishlist, type WishlistSummary } from "../../core/wishlist/index.ts";
import type { Locale } from "../../core/shared/locale.ts";
import { categoryLabel, colorLabel, wishlistName, localeT, wordsIn } from "../../texts/index.ts";
import { absolute, imageOut, imageSchema } from "./catalog.ts";
import type { ApiContext } from "./operation.ts";
import { ApiProblem } from "./problem.ts";

/*
 * What the wishlist operations answer and take (wishlists.ts: the lists and their sharing; wishlist-items.ts:
 * the saved items), and the mappers from core's views to those answers.
 */

/* Answers */

export const summarySchema = z
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

export const offerSchema = z.object({
  priceCents: z.number().int().nullable().meta({ description: "Today's price (the lowest of the variants that fit when none is chosen); null when it can no longer be bought." }),
  priceVaries: z.boolean().meta({ description: "The variants that fit differ in price (show \"from\")." }),
  availability: z.enum(["in_stock", "out_of_stock", "unavailable"]),
  available: z.number().int(),
  availabilityLabel: z.string().meta({ example: "7 in stock" }),
});

export const sharedItemSchema = z.object({
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

export const itemSchema = sharedItemSchema
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

export const wishlistSchema = summarySchema.extend({ items: z.array(itemSchema).meta({ description: "Highest priority first; within one, the newest first." }) }).meta({ id: "Wishlist" });

export const sharedWishlistSchema = z
  .object({ name: z.string(), description: z.string(), items: z.array(sharedItemSchema.meta({ id: "SharedWishlistItem" })) })
  .meta({ id: "SharedWishlist", description: "What anyone with the code sees: no owner, no ids." });

export const messageSchema = z.object({ message: z.string() });

/* Requests: core's schemas (the forms' rules and messages) */

export const listParams = z.object({ id: listIdSchema.shape.listId.meta({ description: "The list's id.", example: "3" }) });
export const itemParams = z.object({ id: itemIdSchema.shape.itemId.meta({ description: "The saved item's id.", example: "12" }) });
export const productParams = z.object({ productId: z.string().regex(/^\d{1,9}$/, wishlistField("cart.domain.itemGone")).transform(Number).meta({ description: "The product's id.", example: "4" }) });
export const renameBody = renameListSchema.omit({ listId: true });
export const updateItemBody = updateItemSchema.omit({ itemId: true });

/* Helpers */

export function availabilityText(t: ReturnType<typeof localeT>, offer: { availability: string; available: number }): string {
  if (offer.availability === "unavailable") return t("wishlist.item.noLongerAvailable");
  return offer.availability === "in_stock" ? t("wishlist.item.inStock", { count: offer.available }) : t("wishlist.item.outOfStock");
}

export function sharedItemOut(ctx: ApiContext, item: SharedWishlist["items"][number]): z.input<typeof sharedItemSchema> {
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

export function shareUrl(baseUrl: string, locale: Locale, code: string | null): string | null {
  return code ? absolute(baseUrl, `${locale === "es" ? "/es" : ""}/wishlist/${code}`) : null;
}

export function summaryOut(ctx: ApiContext, list: WishlistSummary, firstId: number | null): z.input<typeof summarySchema> {
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

export async function wishlistOut(ctx: ApiContext<"signed-in">, listId: number): Promise<z.input<typeof wishlistSchema>> {
  const [lists, list] = await Promise.all([ctx.deps.useCases.wishlist.listWishlists(ctx.viewer.id), ctx.deps.useCases.wishlist.getWishlist(ctx.viewer.id, listId)]);
  if (!list) throw new ApiProblem(404, "wishlist.not_found", wishlistField("wishlist.domain.listNotFound"));
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

export const say = (ctx: ApiContext, id: Parameters<typeof wishlistField>[0]) => ({ message: wordsIn(ctx.locale, wishlistField(id)) });

