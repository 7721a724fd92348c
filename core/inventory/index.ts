// The inventory module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { InsufficientStockError, InventoryError } from "./errors.ts";
export { getInventoryRecord, getInventoryStats, listActiveAlerts, listMovements, type OpenAlert, type OpenAlerts } from "./queries.ts";
export { acknowledgeAlert, adjustStock, raiseStockAlerts, restock, setStockLevels, type StockChange, type StockChangeOptions } from "./commands.ts";
export { commitReservation, releaseReservation, reserveStock } from "./reservations.ts";
export { getInventoryRow, listInventory, listMovementPage, type InventoryRow, type Paged } from "./admin-queries.ts";
export { applyStockList, previewStockList, readStockList, type AcceptedRow, type RefusedRow, type StockImportPreview, type StockListEntry } from "./stock-import.ts";
