import type { AlertSeverity, AlertType } from "../../db/schema/inventory.ts";

export interface StockLine {
  variantId: number;
  quantity: number;
}

/** Stock movements kept per variant in listings, and alerts listed at most (spec section 9). */
export const MOVEMENT_LIST_LIMIT = 1000;
export const ALERT_LIST_LIMIT = 100;

/** Merges duplicate lines for one variant and sorts by variant id: the order in which rows are locked. */
export function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const byVariant = new Map<number, number>();
  for (const line of lines) byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity);
  return [...byVariant.entries()]
    .map(([variantId, quantity]) => ({ variantId, quantity }))
    .sort((a, b) => a.variantId - b.variantId);
}

export const isPositiveQuantity = (quantity: number) => Number.isInteger(quantity) && quantity > 0;

/** The spec's default threshold: 20% of the initial stock, rounded down, clamped to 2..10. */
export function defaultLowStockThreshold(initialStock: number): number {
  return Math.min(10, Math.max(2, Math.floor(initialStock * 0.2)));
}

/** Which alert the available stock calls for: out_of_stock at 0, low_stock at or below the threshold. */
export function alertTypeFor(available: number, threshold: number): AlertType | null {
  if (available <= 0) return "out_of_stock";
  if (available <= threshold) return "low_stock";
  return null;
}

export const severityFor = (type: AlertType): AlertSeverity => (type === "out_of_stock" ? "high" : "medium");

export function alertMessage(type: AlertType, sku: string, available: number, threshold: number): string {
  return type === "out_of_stock"
    ? `${sku} is out of stock.`
    : `${sku} is low on stock: ${available} available (threshold ${threshold}).`;
}

/** Rows per page of the admin inventory list and of a variant's movement history (spec section 9). */
export const INVENTORY_PAGE_SIZE = 20;

export type StockStatus = "in_stock" | "low" | "out";

/** The spec's low-stock rule on available stock: out at 0, low at or below the threshold. */
export function stockStatusOf(available: number, threshold: number): StockStatus {
  const alert = alertTypeFor(available, threshold);
  return alert === "out_of_stock" ? "out" : alert === "low_stock" ? "low" : "in_stock";
}

export const STOCK_STATUS_LABEL: Record<StockStatus, string> = { in_stock: "In stock", low: "Low stock", out: "Out of stock" };

/** A stock-list upload: at most this many data rows, and no larger than the form body limit (1 MB). */
export const STOCK_IMPORT_MAX_ROWS = 5000;
export const STOCK_IMPORT_MAX_BYTES = 1024 * 1024;
