import { z } from "zod";
import { MAX_LINE_QUANTITY } from "./rules.ts";

const quantityMessage = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

const wholeNumber = z
  .string()
  .trim()
  .regex(/^-?\d{1,6}$/, quantityMessage)
  .transform(Number);

export const variantIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, "This item is no longer available.")
  .transform(Number);

/** Adding: a quantity from 1 to 99 of one variant. */
export const addToCartSchema = z.object({
  variantId: variantIdSchema,
  quantity: wholeNumber.pipe(z.number().min(1, quantityMessage).max(MAX_LINE_QUANTITY, quantityMessage)),
});

/** Setting a line's quantity: 0 or less removes the line. */
export const setQuantitySchema = z.object({
  variantId: variantIdSchema,
  quantity: wholeNumber.pipe(z.number().max(MAX_LINE_QUANTITY, quantityMessage)),
});

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
