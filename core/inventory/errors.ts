import { errorsOf } from "../shared/errors.ts";

export type InventoryErrorCode =
  | "inventory.insufficient_stock"
  | "inventory.variant_not_found"
  | "inventory.invalid_quantity"
  | "inventory.reservation_too_small"
  | "inventory.below_reserved"
  | "inventory.alert_not_found";

export class InventoryError extends errorsOf<InventoryErrorCode>({
  "inventory.insufficient_stock": 409,
  "inventory.variant_not_found": 404,
  "inventory.invalid_quantity": 400,
  "inventory.reservation_too_small": 409,
  "inventory.below_reserved": 409,
  "inventory.alert_not_found": 404,
}) {}

export interface StockShortfall {
  variantId: number;
  requested: number;
  available: number;
}

/** A reservation that could not be met: names every short line, so each can be flagged next to its row. */
export class InsufficientStockError extends InventoryError {
  readonly lines: StockShortfall[];
  constructor(lines: StockShortfall[]) {
    super("inventory.insufficient_stock", "Insufficient stock", { lines });
    this.name = "InsufficientStockError";
    this.lines = lines;
  }
}

export const variantNotFound = (variantId: number) =>
  new InventoryError("inventory.variant_not_found", `Variant ${variantId} was not found.`, { variantId });

export const invalidQuantity = (quantity: number) =>
  new InventoryError("inventory.invalid_quantity", "Quantity must be a positive whole number.", { quantity });
