// The admin module's face: other code imports it from here only (rules.ts, free of the database, may also
// be imported by browser-bound UI code).
export { ADMIN_ACTIONS, ADMIN_RESOURCES, auditDiff, can, permissionsOf, ROLE_PERMISSIONS, type AdminAction, type AdminResource, type AuditChange } from "./rules.ts";
export { ADMIN_PAGE_SIZE, auditEntities, CRITICAL_ALERTS_LIMIT, getAdminStats, listAudit, type AuditFilter, type AuditRow } from "./queries.ts";
export { recordAudit, type AdminActor, type AuditActor, type AuditEntry } from "./commands.ts";
export { AdminError } from "./errors.ts";
export { auditQuerySchema, hideReviewSchema, idSchema, reviewIdSchema, reviewListQuerySchema, roleChangeSchema, USER_STATUSES, userListQuerySchema, type UserStatus } from "./inputs.ts";
export { changeUserRole, deleteUserAsAdmin, getUserDetail, listUsers, setUserActive, type AdminUserDetail, type AdminUserRow } from "./people.ts";
export { listReviewsForModeration, reviewedProducts, setReviewHidden, type AdminReviewRow } from "./moderation.ts";
export { addOrderNote, adminCancelOrder, adminMarkDelivered, adminShipOrder, finishOrderRefund, finishStaleOrderRefunds, requestOrderRefund, type AdminOrderDeps } from "./order-commands.ts";
export { exportAdminOrders, findAdminOrder, listAdminOrders, orderSearchCondition, type AdminOrderDetail, type AdminOrderRow } from "./order-queries.ts";
export { createProduct, slugFromName, updateProduct } from "./product-commands.ts";
export { addVariant, removeVariant, updateVariant } from "./variant-commands.ts";
export { getAdminProduct, listAdminProducts, type AdminProductDetail, type AdminProductRow, type AdminVariant } from "./product-queries.ts";
