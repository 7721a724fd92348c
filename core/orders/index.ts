// The orders module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export {
  orderActions,
  orderAmounts,
  orderNumberLabel,
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  PAID_STATUSES,
  REFUNDABLE_STATUSES,
  shipmentTimeline,
  TICKETS_SENT_NOTE,
  type OrderActions,
  type OrderLineFacts,
  type OrderLineKind,
  type ShippingState,
} from "./rules.ts";
export {
  adminOrderFilterSchema,
  CARRIERS,
  orderIdSchema,
  orderNoteSchema,
  pageSchema,
  parseRefundForm,
  refundFormSchema,
  shipFormSchema,
  statusFilterSchema,
  type AdminOrderFilter,
  type Carrier,
  type RefundForm,
} from "./inputs.ts";
export { OrderError } from "./errors.ts";
export { actionsOfOrder, findOrderOfCustomer, listOrdersOfCustomer, refundsOfOrder, type OrderDetail, type OrderRefundRecord, type OrderSummary, type RefundView } from "./queries.ts";
export { cancelOrder, deliverByEmail, lockOrder, markDelivered, markProcessing, moveTo, shipOrder, updateOrderStatus, type CancelDeps, type OrderRow } from "./commands.ts";
export { insertPaidOrder } from "./create.ts";
export { reorder, type ReorderResult } from "./reorder.ts";
export type { PostalAddress } from "../../db/schema/index.ts";
