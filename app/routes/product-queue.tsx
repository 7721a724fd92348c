import { data } from "react-router";
import { slugSchema } from "../../core/catalog/index.ts";
import { joinForPage, placeCookie, queueTicketsOf } from "../lib/queue.server.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { localizeText } from "../lib/i18n.server.ts";
import { signedInAccountId } from "../lib/session.server.ts";
import type { Route } from "./+types/product-queue";
import { noStore } from "../lib/private-page.ts";

/**
 * The visitor's place in a drop's line, as JSON, for the waiting page's polling (ADR 0034). It only reads
 * (and moves the line along): joining is the product page's, counted by the join limit. Never cached. Most
 * checks of a busy line never get here: the process's picture of it answers them (server/lines.ts); this
 * answers the rest from the database, and keeps the place's new state in the cookie (let in: the product page).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const product = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data) : null;
  if (!product) throw data({ queue: null }, { status: 404, headers: noStore });
  // Sold out while the visitor waited: the line holds them no longer; the page shows the sold-out options and
  // Notify me (the place stays theirs, should stock come back before they leave).
  if (product.variants.every((v) => v.available <= 0)) return data({ queue: null, open: false }, { headers: noStore });
  const queue = await context.useCases.queue.queueStatus(product.id, { accountId: await signedInAccountId(request, context), ticketIds: await queueTicketsOf(request, context) });
  const setCookie = queue ? await placeCookie(request, context, product.id, queue) : null;
  // `open`: whether the product still has a waiting room (switched off meanwhile, the page shows Add to Cart).
  return data({ queue, open: queue !== null || (await context.useCases.queue.hasWaitingRoom(product.id)) }, { headers: setCookie ? { ...noStore, "Set-Cookie": setCookie } : noStore });
}

/**
 * Takes a place in the line (or keeps the one held), as JSON: a product page open through its countdown joins
 * this way at the moment of release (ADR 0040). A new place counts against the join
 * limits; refused, the answer says why (`error`) with the refusal's status.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const product = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data) : null;
  if (!product) return data({ queue: null, open: false }, { status: 404, headers: noStore });
  if (product.variants.every((v) => v.available <= 0)) return data({ queue: null, open: false }, { headers: noStore });
  try {
    const joined = await joinForPage(request, context, product.id, await signedInAccountId(request, context));
    return data({ queue: joined.status, open: true }, { headers: joined.setCookie ? { ...noStore, "Set-Cookie": joined.setCookie } : noStore });
  } catch (error) {
    const refused = expectDomainError(error);
    return data({ queue: null, open: refused.code !== "queue.not_queued", error: localizeText(request, refused) }, { status: refused.status, headers: noStore });
  }
}
