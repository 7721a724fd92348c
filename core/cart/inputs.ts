import { z } from "zod";
import { fieldTextsOf } from "../shared/text.ts";
import { MAX_LINE_QUANTITY } from "./rules.ts";

/** The cart forms' field messages: ids of the catalogue (texts/messages, cart.json). */
const field = fieldTextsOf({
  "cart.domain.quantityWhole": [],
  "cart.domain.itemGone": [],
});

/** The range's words are literal (1 to 99, MAX_LINE_QUANTITY): not every check below gives the limit. */
const quantityMessage = field("cart.domain.quantityWhole");
const itemGone = field("cart.domain.itemGone");

const wholeNumber = z
  .string()
  .trim()
  .regex(/^-?\d{1,6}$/, quantityMessage)
  .transform(Number);

export const variantIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, itemGone)
  .transform(Number);

/** The quantities, as numbers: the rules the form (from its text) and the app's JSON share. */
const addQuantity = z.number(quantityMessage).int(quantityMessage).min(1, quantityMessage).max(MAX_LINE_QUANTITY, quantityMessage);
/** 0 or less removes the line. */
const setQuantity = z.number(quantityMessage).int(quantityMessage).min(-999_999, quantityMessage).max(MAX_LINE_QUANTITY, quantityMessage);

/** Adding: a quantity from 1 to 99 of one variant. */
export const addToCartSchema = z.object({
  variantId: variantIdSchema,
  quantity: wholeNumber.pipe(addQuantity),
});

/** Setting a line's quantity: 0 or less removes the line. */
export const setQuantitySchema = z.object({
  variantId: variantIdSchema,
  quantity: wholeNumber.pipe(setQuantity),
});

/** A variant's id as a JSON number (the app's API); the form's text id above reads to the same. */
const variantIdNumber = z.number(itemGone).int(itemGone).min(1, itemGone).max(999_999_999, itemGone);

/** Adding from the app (JSON): the same rules as the form's addToCartSchema. */
export const addToCartJsonSchema = z.object({ variantId: variantIdNumber, quantity: addQuantity });

/** A line's new quantity from the app (JSON): as the form's setQuantitySchema, 0 or less removes the line. */
export const setQuantityJsonSchema = z.object({ quantity: setQuantity });

export const removeLineSchema = z.object({ variantId: variantIdSchema });

/**
 * Adding by product and options, as the product card's plain form posts it when JavaScript is off:
 * the server finds the variant from the chosen size and colour.
 */
export const addByOptionsSchema = z.object({
  productId: variantIdSchema,
  size: z.string().trim().max(40).optional().transform((s) => s || null),
  color: z.string().trim().max(40).optional().transform((s) => s || null),
  quantity: addToCartSchema.shape.quantity,
});
