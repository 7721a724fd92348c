import { data } from "react-router";
import { getProductBySlug, slugSchema } from "../../core/catalog/index.ts";
import { hasWaitingRoom, queueStatus } from "../../core/queue/index.ts";
import { queueTicketsOf } from "../lib/queue.server.ts";
import { getViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/product-queue";

/**
 * The visitor's place in a drop's line, as JSON, for the waiting page's polling (ADR 0034). It only reads
 * (and moves the line along): joining is the product page's, counted by the join limit. Never cached.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  const slug = slugSchema.safeParse(params.slug);
  const product = slug.success ? await getProductBySlug(context.db, slug.data) : null;
  if (!product) throw data({ queue: null }, { status: 404, headers: noStore });
  // Sold out while the visitor waited: the line holds them no longer; the page shows the sold-out options and
  // Notify me (the place stays theirs, should stock come back before they leave).
  if (product.variants.every((v) => v.available <= 0)) return data({ queue: null, open: false }, { headers: noStore });
  const viewer = await getViewer(request, context);
  const queue = await queueStatus(context.db, product.id, { accountId: viewer?.id ?? null, ticketIds: await queueTicketsOf(request, context) });
  // `open`: whether the product still has a waiting room (switched off meanwhile, the page shows Add to Cart).
  return data({ queue, open: queue !== null || (await hasWaitingRoom(context.db, product.id)) }, { headers: noStore });
}
