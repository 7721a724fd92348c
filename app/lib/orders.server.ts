import { data } from "react-router";
import { orderIdSchema, type OrderDetail } from "../../core/orders/index.ts";
import type { StoreContext } from "../context.ts";
import { recordedText } from "../../texts/index.ts";
import { requestLocale } from "./i18n.server.ts";
import { requireViewer, type Viewer } from "./session.server.ts";
import { noStore } from "./private-page.ts";

export { noStore };

/** 404 with no data: what an unknown order, a malformed id and another customer's order all answer. */
export function orderNotFoundResponse() {
  return data(null, { status: 404, headers: noStore });
}

/**
 * The signed-in customer's order named in the URL. A guest gets 401 ("Authentication Required");
 * anyone else's order is answered exactly like one that does not exist.
 */
export async function requireOwnOrder(request: Request, context: StoreContext, id: string | undefined): Promise<{ viewer: Viewer; order: OrderDetail }> {
  const viewer = await requireViewer(request, context);
  const orderId = orderIdSchema.safeParse(id);
  const order = orderId.success ? await context.useCases.orders.findOrderOfCustomer(viewer.id, orderId.data) : null;
  if (!order) throw orderNotFoundResponse();
  return { viewer, order: localizedOrder(request, order) };
}

/**
 * What the store itself wrote on an order, in the page's language: the history's notes ("Payment
 * received") and the card ("Visa ending in 4242"), also where each refund went. Notes an administrator typed stay as they were written.
 */
function localizedOrder(request: Request, order: OrderDetail): OrderDetail {
  const locale = requestLocale(request);
  const localizeText = (text: string) => recordedText(locale, text);
  return {
    ...order,
    paymentMethod: localizeText(order.paymentMethod),
    refunds: order.refunds.map((refund) => ({ ...refund, card: localizeText(refund.card) })),
    history: order.history.map((entry) => (entry.note ? { ...entry, note: localizeText(entry.note) } : entry)),
  };
}
