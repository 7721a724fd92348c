import { recordAudit, type AdminActor } from "../../core/admin/index.ts";
import type { StockChange } from "../../core/inventory/index.ts";

/** A transaction handle, as the core hands it to callbacks. */
type Tx = Parameters<typeof recordAudit>[0];

/** The audit row of one stock change an admin made, written in that change's transaction. */
export function auditStockChange(actor: AdminActor, action: string, reason: string | null) {
  return (tx: Tx, change: StockChange) =>
    recordAudit(tx, actor, {
      entity: "variant",
      entityId: change.variantId,
      action,
      before: { sku: change.sku, ...change.before },
      after: { sku: change.sku, ...change.after, reason },
    });
}

/** Page numbers and filters from the address, as the loader reads them. */
export function searchOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
