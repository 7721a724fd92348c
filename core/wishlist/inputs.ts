import { z } from "zod";
import {
  MAX_LIST_DESCRIPTION,
  MAX_LIST_NAME,
  MAX_NOTES,
  SHARE_CODE_PATTERN,
  wishlistField as field,
  WISHLIST_PRIORITIES,
} from "./rules.ts";

/** A database id as a form sends it. */
const id = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

const option = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((s) => s || null);

/**
 * The heart. It posts what the shopper asked for (save or remove), not "flip whatever is stored", so a
 * double click or a stale page never does the opposite of what the button said.
 */
export const toggleSchema = z.object({
  productId: id(field("cart.domain.itemGone")),
  intent: z.enum(["save", "remove"], { message: field("wishlist.domain.unknownAction") }),
  size: option,
  color: option,
});
export type ToggleInput = z.infer<typeof toggleSchema>;

/** A database id as JSON sends it (the app's API): a whole number, else `message`. */
const jsonId = (message: string) => z.number(message).int(message).positive(message).max(999_999_999, message);

/** A size or colour as JSON sends it: text, null or absent (absent and empty: not chosen). */
const jsonOption = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((s) => s || null);

/**
 * Saving as JSON (the app's API): the heart's product and options, with the list to save into (absent: the
 * first list, as the heart saves). The same messages as the heart's form.
 */
export const saveItemJsonSchema = z.object({
  productId: jsonId(field("cart.domain.itemGone")),
  size: jsonOption,
  color: jsonOption,
  listId: jsonId(field("wishlist.domain.listNotFound")).optional(),
});

/** Moving to the cart as JSON: the variant only when the saved options do not name one. */
export const moveToCartJsonSchema = z.object({ variantId: jsonId(field("wishlist.domain.chooseOption")).optional() });

const name = z
  .string({ message: field("wishlist.domain.nameRequired") })
  .trim()
  .min(1, field("wishlist.domain.nameRequired"))
  .max(MAX_LIST_NAME, field("wishlist.domain.maxChars"));
const description = z
  .string()
  .trim()
  .max(MAX_LIST_DESCRIPTION, field("wishlist.domain.maxChars"))
  .optional()
  .default("");

const listId = id(field("wishlist.domain.listNotFound"));
const itemId = id(field("wishlist.domain.itemNotFound"));

export const createListSchema = z.object({ name, description });
export const renameListSchema = z.object({ listId, name, description });
export const listIdSchema = z.object({ listId });
export const sharingSchema = z.object({
  listId,
  visibility: z.enum(["public", "private"], { message: field("wishlist.domain.choosePublic") }),
});

export const updateItemSchema = z.object({
  itemId,
  priority: z.enum(WISHLIST_PRIORITIES, { message: field("wishlist.domain.choosePriority") }),
  notes: z
    .string()
    .max(MAX_NOTES * 2)
    .optional()
    .default("")
    // Line endings as typed on any system count once.
    .transform((s) => s.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(MAX_NOTES, field("wishlist.domain.notesTooLong"))),
});
export const itemIdSchema = z.object({ itemId });
/** Moving to the cart: the variant is only needed when the saved item names none (a size or colour not chosen). */
export const moveToCartSchema = z.object({
  itemId,
  variantId: z
    .string()
    .trim()
    .optional()
    .transform((s) => s || undefined)
    .pipe(z.string().regex(/^\d{1,9}$/, field("wishlist.domain.chooseOption")).transform(Number).optional()),
});

/** The list selected on /wishlist (?list=). */
export const selectedListSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/** A share code from a link: typed codes are accepted in lower case too. */
export const shareCodeSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(SHARE_CODE_PATTERN));
