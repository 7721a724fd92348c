// The inventory module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { InsufficientStockError } from "./errors.ts";
export { getInventoryRecord, getInventoryStats, listActiveAlerts, listMovements } from "./queries.ts";
export { acknowledgeAlert, adjustStock, commitReservation, releaseReservation, reserveStock, restock } from "./commands.ts";
