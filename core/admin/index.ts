// The admin module's face: other code imports it from here only (rules.ts, free of the database, may also
// be imported by browser-bound UI code).
export { ADMIN_ACTIONS, ADMIN_RESOURCES, can, permissionsOf, ROLE_PERMISSIONS, type AdminAction, type AdminResource } from "./rules.ts";
export { ADMIN_PAGE_SIZE, auditEntities, CRITICAL_ALERTS_LIMIT, getAdminStats, listAudit, type AuditFilter, type AuditRow } from "./queries.ts";
export { recordAudit, type AdminActor, type AuditEntry } from "./commands.ts";
export { addOrderNote, adminCancelOrder, adminMarkDelivered, adminShipOrder, finishOrderRefund, finishStaleOrderRefunds, requestOrderRefund, type AdminOrderDeps } from "./order-commands.ts";
export { exportAdminOrders, findAdminOrder, listAdminOrders, orderSearchCondition, type AdminOrderDetail, type AdminOrderRow } from "./order-queries.ts";
