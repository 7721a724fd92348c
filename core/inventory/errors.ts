import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

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

/** What the stock's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const inventoryText = textsOf({
  "checkout.domain.insufficientStock": [],
  "admin.domain.variantNotFound": ["variantId"],
  "admin.domain.quantityPositive": [],
  "admin.domain.nothingToChange": [],
  "admin.domain.reservationTooSmall": [],
  "admin.domain.variantListedTwice": [],
  "admin.domain.belowReserved": [],
  "admin.domain.belowReservedUnits": ["reserved"],
  "admin.domain.alertNotFound": ["alertId"],
});

export interface StockShortfall {
  variantId: number;
  requested: number;
  available: number;
}

/** A reservation that could not be met: names every short line, so each can be flagged next to its row. */
export class InsufficientStockError extends InventoryError {
  readonly lines: StockShortfall[];
  constructor(lines: StockShortfall[]) {
    super("inventory.insufficient_stock", inventoryText("checkout.domain.insufficientStock"), { lines });
    this.name = "InsufficientStockError";
    this.lines = lines;
  }
}

export const variantNotFound = (variantId: number) =>
  new InventoryError("inventory.variant_not_found", inventoryText("admin.domain.variantNotFound", { variantId }), { variantId });

export const invalidQuantity = (quantity: number) =>
  new InventoryError("inventory.invalid_quantity", inventoryText("admin.domain.quantityPositive"), { quantity });
