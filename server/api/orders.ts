import { z } from "zod";
import { orderIdSchema, pageSchema, shipmentTimeline, statusFilterSchema, type OrderDetail, type OrderSummary } from "../../core/orders/index.ts";
import { ORDER_STATUSES, ORDERS_PAGE_SIZE } from "../../core/orders/index.ts";
import { localeT, recordedText, sayIn } from "../../texts/index.ts";
import { cartOut, cartSchema } from "./cart.ts";
import { absolute } from "./catalog.ts";
import { operation, type ApiContext } from "./operation.ts";
import { ApiProblem } from "./problem.ts";

/*
 * The signed-in shopper's orders, as the web's order pages show them (app/routes/orders.tsx, order.tsx,
 * order-track.tsx): core's reads, which filter by the account from the token, so another customer's order is
 * exactly as absent (404) as one that does not exist. Reorder is core's, with the web's rules.
 */

const statusSchema = z.enum(ORDER_STATUSES);

const orderLineSchema = z
  .object({
    productId: z.number().int().nullable().meta({ description: "Null once the product was deleted (the line is kept as it was sold)." }),
    variantId: z.number().int().nullable(),
    slug: z.string(),
    name: z.string(),
    sku: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    art: z.url(),
    unitPriceCents: z.number().int().meta({ description: "The price it was sold at." }),
    quantity: z.number().int(),
    lineTotalCents: z.number().int(),
    kind: z.enum(["goods", "ticket"]).meta({ description: "`goods` ship; a `ticket` (an event's seat) is sent by email." }),
  })
  .meta({ id: "OrderLine" });

const orderActionsSchema = z
  .object({
    track: z.boolean().meta({ description: "Track Package applies (getOrderTracking): there is a package, and the order was not cancelled. False for event tickets only." }),
    reorder: z.boolean().meta({ description: "Reorder applies (reorder): delivered, with something in it still on sale (not only tickets of a past event)." }),
    shipping: z
      .enum(["not_shipped", "shipped", "nothing_to_ship", "cancelled"])
      .meta({ description: "`not_shipped`: goods still to ship; `shipped`: they left (see `trackingNumber`); `nothing_to_ship`: event tickets only, sent by email; `cancelled`: cancelled before shipping." }),
  })
  .meta({ id: "OrderActions", description: "What the order offers, as the web's order pages show it: one rule from what it holds and its status." });

const orderSummarySchema = z
  .object({
    id: z.string(),
    number: z.string().meta({ example: "EH-100001" }),
    status: statusSchema,
    createdAt: z.iso.datetime(),
    totalCents: z.number().int(),
    currency: z.string(),
    trackingNumber: z.string().nullable(),
    carrier: z.string().nullable(),
    itemCount: z.number().int(),
    items: z.array(orderLineSchema),
    actions: orderActionsSchema,
  })
  .meta({ id: "OrderSummary" });

const addressSchema = z
  .object({ name: z.string(), street: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), country: z.string() })
  .meta({ id: "PostalAddress" });

const refundSchema = z
  .object({
    amountCents: z.number().int().meta({ description: "What was given back." }),
    status: z.enum(["refunding", "refunded"]).meta({ description: "`refunding` until the card's payment provider has given the money back." }),
    requestedAt: z.iso.datetime(),
    refundedAt: z.iso.datetime().nullable().meta({ description: "When the money went back; null while refunding." }),
    lines: z
      .array(z.object({ name: z.string(), size: z.string().nullable(), color: z.string().nullable(), quantity: z.number().int() }))
      .meta({ description: "The units refunded, from the order's lines; empty for a refund of an amount." }),
    card: z.string().meta({ description: "The card the order was paid with, where the money goes back (brand and last 4 only).", example: "Visa ending in 4242" }),
  })
  .meta({ id: "OrderRefund" });

const orderDetailSchema = orderSummarySchema
  .extend({
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    shippingCents: z.number().int(),
    customerEmail: z.string(),
    customerName: z.string(),
    shippingAddress: addressSchema.nullable().meta({ description: "Where it ships; null when nothing in the order ships (event tickets only, sent by mail)." }),
    billingAddress: addressSchema,
    paymentMethod: z.string().meta({ description: "Brand and last 4 digits only.", example: "Visa ending in 4242" }),
    refundedAt: z.iso.datetime().nullable(),
    refunds: z.array(refundSchema).meta({ description: "Each refund, oldest first." }),
    refundedCents: z.number().int().meta({ description: "What was given back (refunds done)." }),
    paidCents: z.number().int().meta({ description: "The total less what was given back: what the shopper paid after refunds." }),
    history: z.array(
      z.object({
        fromStatus: statusSchema.nullable(),
        toStatus: statusSchema,
        by: z.enum(["customer", "store"]),
        note: z.string().nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: "Order" });

const orderListSchema = z
  .object({
    items: z.array(orderSummarySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    nextPage: z.number().int().nullable().meta({ description: "The next page's number; null on the last page." }),
  })
  .meta({ id: "OrderList" });

const trackingSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: statusSchema,
    trackingNumber: z.string().nullable(),
    carrier: z.string().nullable(),
    shippingAddress: addressSchema.nullable().meta({ description: "Where it ships; null when nothing in the order ships (event tickets only, sent by mail)." }),
    steps: z.array(
      z.object({
        status: statusSchema,
        label: z.string().meta({ description: "The step's name, in the language asked for." }),
        at: z.iso.datetime().nullable(),
        note: z.string().nullable(),
        state: z.enum(["done", "current", "upcoming"]),
      }),
    ),
  })
  .meta({ id: "OrderTracking", description: "Where the shipment is: the web's Track Package timeline." });

const reorderSchema = z
  .object({
    addedUnits: z.number().int(),
    outcomes: z.array(
      z.object({
        variantId: z.number().int().nullable(),
        item: z.string(),
        requested: z.number().int(),
        added: z.number().int(),
        reason: z.enum(["unavailable", "out_of_stock", "limited_stock", "cart_limit"]).nullable(),
        message: z.string().nullable().meta({ description: "Why not every unit went back, as the web says it." }),
      }),
    ),
    cart: cartSchema,
  })
  .meta({ id: "Reorder" });

const orderParams = z.object({ id: z.string().max(64).meta({ description: "The order's id.", example: "q3Jx1bqM0n2k8s4d" }) });

function lineOut(ctx: ApiContext, line: OrderSummary["items"][number]): z.input<typeof orderLineSchema> {
  const { productSlug, image, saleEnded: _saleEnded, ...rest } = line;
  return { ...rest, slug: productSlug, art: absolute(ctx.deps.baseUrl, image) };
}

function summaryOut(ctx: ApiContext, order: OrderSummary): z.input<typeof orderSummarySchema> {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    totalCents: order.totalCents,
    currency: order.currency,
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    itemCount: order.itemCount,
    items: order.items.map((line) => lineOut(ctx, line)),
    actions: order.actions,
  };
}

/** The viewer's order, or 404 as the web answers for a malformed id, a missing order and another customer's alike. */
async function ownOrder(ctx: ApiContext<"signed-in">, id: string): Promise<OrderDetail> {
  const orderId = orderIdSchema.safeParse(id);
  const order = orderId.success ? await ctx.deps.useCases.orders.findOrderOfCustomer(ctx.viewer.id, orderId.data) : null;
  if (!order) throw new ApiProblem(404, "orders.not_found", "orders.domain.notFound");
  return order;
}

export const listOrdersOp = operation({
  operationId: "listOrders",
  method: "get",
  path: "/orders",
  tag: "Orders",
  summary: "The order history",
  description: `The account's orders, newest first, ${ORDERS_PAGE_SIZE} a page; \`status\` keeps one status (as the web's tabs). An unknown status or page is ignored, as on the web.`,
  access: "signed-in",
  query: z.object({
    status: z.string().optional().meta({ description: `One of ${ORDER_STATUSES.join(", ")}; all orders when absent.` }),
    page: z.string().optional().meta({ description: "From 1.", example: "2" }),
  }),
  success: { status: 200, description: "A page of orders.", schema: orderListSchema },
  async handle({ query, ctx }) {
    const status = statusFilterSchema.parse(query.status ?? null);
    const page = pageSchema.parse(query.page ?? 1);
    const found = await ctx.deps.useCases.orders.listOrdersOfCustomer(ctx.viewer.id, { status, page });
    return { items: found.orders.map((o) => summaryOut(ctx, o)), page: found.page, pageSize: ORDERS_PAGE_SIZE, nextPage: found.hasMore ? found.page + 1 : null };
  },
});

export const getOrderOp = operation({
  operationId: "getOrder",
  method: "get",
  path: "/orders/{id}",
  tag: "Orders",
  summary: "An order",
  description:
    "Its lines, amounts, addresses, payment (brand and last 4), refunds (each with its amount, date, lines and the card it went back to, and the total paid after them), status history, and `actions`: whether Track Package and Reorder apply and what its shipping line says (event tickets only: nothing to ship, no tracking). Another customer's order is not found (404).",
  access: "signed-in",
  params: orderParams,
  success: { status: 200, description: "The order.", schema: orderDetailSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const order = await ownOrder(ctx, params.id);
    const say = (text: string) => recordedText(ctx.locale, text);
    return {
      ...summaryOut(ctx, order),
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      shippingCents: order.shippingCents,
      customerEmail: order.customerEmail,
      customerName: order.customerName,
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      paymentMethod: say(order.paymentMethod),
      refundedAt: order.refundedAt?.toISOString() ?? null,
      refunds: order.refunds.map((r) => ({ ...r, card: say(r.card), requestedAt: r.requestedAt.toISOString(), refundedAt: r.refundedAt?.toISOString() ?? null })),
      refundedCents: order.refundedCents,
      paidCents: order.paidCents,
      history: order.history.map((h) => ({ ...h, note: h.note ? say(h.note) : null, createdAt: h.createdAt.toISOString() })),
    };
  },
});

export const getOrderTrackingOp = operation({
  operationId: "getOrderTracking",
  method: "get",
  path: "/orders/{id}/tracking",
  tag: "Orders",
  summary: "Track the package",
  description:
    "The tracking number and carrier once shipped, and the shipment's timeline from the order's history (the web's Track Package). An order with no package (`actions.track` false: event tickets only, or cancelled) has no timeline: `steps` is empty.",
  access: "signed-in",
  params: orderParams,
  success: { status: 200, description: "The timeline.", schema: trackingSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const order = await ownOrder(ctx, params.id);
    const say = (text: string) => recordedText(ctx.locale, text);
    const t = localeT(ctx.locale);
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      trackingNumber: order.trackingNumber,
      carrier: order.carrier,
      shippingAddress: order.shippingAddress,
      steps: (order.actions.track ? shipmentTimeline(order.status, order.history) : []).map((s) => ({ ...s, label: t(s.status === "pending" ? "orders.track.placed" : `orders.status.${s.status}`), note: s.note ? say(s.note) : null, at: s.at?.toISOString() ?? null })),
    };
  },
});

export const reorderOp = operation({
  operationId: "reorder",
  method: "post",
  path: "/orders/{id}/reorder",
  tag: "Orders",
  summary: "Buy again",
  description:
    "Puts a delivered order's items back in the account's cart at today's prices, with the web's rules: what is no longer sold or not in stock is left out, each line says so. Only where the order's `actions.reorder` is true: delivered, with something still on sale (409 otherwise, e.g. tickets of a past event).",
  access: "signed-in",
  idempotency: "optional",
  params: orderParams,
  success: { status: 200, description: "What went back in, line by line, and the cart.", schema: reorderSchema },
  problems: [404, 409],
  async handle({ params, ctx }) {
    const order = await ownOrder(ctx, params.id);
    const cartId = await ctx.deps.useCases.cart.ensureCartOfUser(ctx.viewer.id);
    const result = await ctx.deps.useCases.orders.reorder({ userId: ctx.viewer.id, orderId: order.id, cartId });
    return {
      addedUnits: result.addedUnits,
      outcomes: result.outcomes.map((o) => ({ ...o, message: o.message ? sayIn(ctx.locale, o.message) : null })),
      cart: await cartOut(ctx, cartId),
    };
  },
});
