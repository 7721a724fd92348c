import { z } from "zod";
import { signTicket, verifyTicket, type QueueStatus } from "../../core/queue/index.ts";
import { operation, type ApiContext } from "./operation.ts";
import { ApiProblem } from "./problem.ts";

/*
 * A drop's waiting room (ADR 0034), for the app: join the line and read one's place. A signed-in shopper's
 * place is the account's (the same on the web and every device); a guest's travels in the signed token this
 * answers, sent back as the Queue-Ticket header (here and to add to the cart). There is no other way in: the
 * cart's add refuses a product with a waiting room to anyone not let in.
 */

const queueSchema = z
  .object({
    ticket: z.string().meta({ description: "The signed place in line: send it as the Queue-Ticket header (guests; an account's place is found by its token)." }),
    state: z.enum(["waiting", "admitted"]),
    position: z.number().int().nullable().meta({ description: "While waiting: 1 is next in." }),
    ahead: z.number().int().nullable(),
    estimateMinutes: z.number().int().nullable().meta({ description: "While waiting: about how long until let in." }),
    expiresAt: z.string().nullable().meta({ description: "Once let in: until when the cart's add and checkout accept the item (ISO 8601)." }),
  })
  .meta({ id: "QueuePlace" });

const params = z.object({ slug: z.string().max(200).meta({ description: "The product's slug.", example: "founders-drop-hoodie" }) });

/** The Queue-Ticket header's ticket id when its signature holds; a forged or altered one counts as none. */
export function queueTicketIdsOf(ctx: ApiContext): string[] {
  const id = verifyTicket(ctx.req.get("queue-ticket"), ctx.deps.signingSecret);
  return id ? [id] : [];
}

async function productOf(ctx: ApiContext, slug: string) {
  const product = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? await ctx.deps.useCases.catalog.getProductBySlug(slug, ctx.locale) : null;
  if (!product) throw new ApiProblem(404, "catalog.product_not_found", "cart.domain.queueProductNotFound");
  return product;
}

function placeOut(ctx: ApiContext, status: QueueStatus): z.input<typeof queueSchema> {
  const ticket = signTicket(status.ticketId, ctx.deps.signingSecret);
  if (status.state === "waiting") return { ticket, state: "waiting", position: status.position, ahead: status.ahead, estimateMinutes: status.estimateMinutes, expiresAt: null };
  if (status.state === "admitted") return { ticket, state: "admitted", position: null, ahead: null, estimateMinutes: null, expiresAt: status.expiresAt };
  throw new ApiProblem(404, "queue.no_place", "cart.domain.queueNoPlace");
}

export const joinQueueOp = operation({
  operationId: "joinQueue",
  method: "post",
  path: "/products/{slug}/queue",
  tag: "Catalogue",
  summary: "Join a drop's line",
  description:
    "Takes a place in the line of a drop with a waiting room, or answers the place already held (an account's, or the guest's Queue-Ticket): joining again never moves one forward. Visitors are let in in order, at the rate the store sets, and then have a limited time to check out. Joins are limited per address and account (429). A guest cannot join a drop for account holders (401).",
  access: "public",
  queueTicket: true,
  params,
  success: { status: 200, description: "The place in line.", schema: queueSchema },
  problems: [401, 404],
  async handle({ params, ctx }) {
    const product = await productOf(ctx, params.slug);
    const visitor = { accountId: ctx.viewer?.id ?? null, ticketIds: queueTicketIdsOf(ctx) };
    const held = await ctx.deps.useCases.queue.queueStatus(product.id, visitor);
    if (held) return placeOut(ctx, held);
    await ctx.deps.useCases.accounts.limitJoins(ctx.req.ip ?? "unknown", visitor.accountId);
    return placeOut(ctx, (await ctx.deps.useCases.queue.joinQueue(product.id, visitor)).status);
  },
});

export const getQueueOp = operation({
  operationId: "getQueuePlace",
  method: "get",
  path: "/products/{slug}/queue",
  tag: "Catalogue",
  summary: "One's place in a drop's line",
  description: "The place held (the account's, or the guest's Queue-Ticket): ask every few seconds while waiting. 404 when none is held.",
  access: "public",
  queueTicket: true,
  params,
  success: { status: 200, description: "The place in line.", schema: queueSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const product = await productOf(ctx, params.slug);
    const held = await ctx.deps.useCases.queue.queueStatus(product.id, { accountId: ctx.viewer?.id ?? null, ticketIds: queueTicketIdsOf(ctx) });
    if (!held) throw new ApiProblem(404, "queue.no_place", "cart.domain.queueNoPlace");
    return placeOut(ctx, held);
  },
});
