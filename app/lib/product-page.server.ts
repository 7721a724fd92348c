import { data } from "react-router";
import { slugSchema } from "../../core/catalog/index.ts";
import type { StoreContext } from "../context.ts";
import type { QueueView } from "../components/product/waiting-room.tsx";
import { loadReviewSection } from "./reviews.server.ts";
import { savedAmong } from "./wishlist.server.ts";
import { track } from "./analytics.server.ts";
import { localizeText, localizedRedirect, requestLocale } from "./i18n.server.ts";
import { expectDomainError } from "./domain-errors.server.ts";
import { getViewer } from "./session.server.ts";
import { joinForPage } from "./queue.server.ts";
import { noStore } from "./private-page.ts";

/**
 * The product page's read: the product in the page's language (a renamed one moved, permanently, to its new
 * address; a ticket sent to its event's page; anything else a 404), with the heart's state, the reviews, the
 * raffle and the visitor's place in a drop's line.
 */
export async function loadProductPage(request: Request, context: StoreContext, slugParam: string | undefined) {
  const slug = slugSchema.safeParse(slugParam);
  const product = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data, requestLocale(request)) : null;
  if (!product) {
    // A product renamed in the back office keeps its old address working, permanently moved.
    const renamed = slug.success ? await context.useCases.catalog.findRenamedProduct(slug.data) : null;
    if (renamed) throw localizedRedirect(request, `/shop/${renamed}${new URL(request.url).search}`, 301);
    // A ticket product is sold on its event's page only.
    const event = slug.success ? await context.useCases.events.eventSlugOfProduct(slug.data) : null;
    if (event) throw localizedRedirect(request, `/events/${event}`, 301);
    throw data(null, { status: 404 });
  }
  track(request, context, { type: "product_view", productId: product.id });
  // The heart's state (no query for guests), the reviews and the raffle (with the viewer's entry), read side by side.
  const viewerRead = getViewer(request, context);
  const [savedIds, reviews, viewer, raffle] = await Promise.all([
    savedAmong(request, context, [product.id]),
    loadReviewSection(request, context, product.id),
    viewerRead,
    viewerRead.then((v) => context.useCases.raffles.productRaffle(product.id, v?.id ?? null)),
  ]);
  // A drop with a waiting room, on sale (ADR 0034): the visitor takes (or keeps) a place in its line. A guest
  // cannot queue for a drop only account holders can buy: the page offers "Sign in to buy" as before. A drop
  // sold by raffle has no line (hasWaitingRoom says so while the raffle runs), nor one sold out.
  let queue: QueueView = null;
  const headers = new Headers();
  const accountOnly = product.signInRequired || product.limitPerCustomer !== null;
  // A sold-out drop holds nobody in line: its page says so and offers Notify me (a restock lets the line in).
  const soldOut = product.variants.every((v) => v.available <= 0);
  if (product.onSaleAt === null && !soldOut && (viewer || !accountOnly) && (await context.useCases.queue.hasWaitingRoom(product.id))) {
    // Whatever the visitor's place, this answer is theirs alone: never kept by the guest page cache.
    headers.set("Cache-Control", noStore["Cache-Control"]);
    try {
      const joined = await joinForPage(request, context, product.id, viewer?.id ?? null);
      if (joined.setCookie) headers.append("Set-Cookie", joined.setCookie);
      queue = joined.status;
    } catch (error) {
      const refused = expectDomainError(error);
      queue = { state: "refused", message: localizeText(request, refused), status: refused.status };
    }
  }
  // A raffle's page (its window, its draw, the entries) is never kept for guests by the page cache (ADR 0035).
  if (raffle) headers.set("Cache-Control", noStore["Cache-Control"]);
  // A drop still to come with a waiting room: at its moment the open page joins the line itself (ADR 0040) rather than turn into an Add to Cart that would only answer "Join the line".
  const lineAtRelease = product.onSaleAt !== null && !soldOut && (await context.useCases.queue.hasWaitingRoom(product.id));
  // The "Notify me" form's address for a signed-in shopper (a guest's page, the cached one, has none).
  return data(
    { product, baseUrl: context.baseUrl, saved: savedIds.length > 0, reviews, notifyEmail: viewer?.email ?? null, queue, lineAtRelease, raffle, raffleViewer: viewer ? { emailVerified: viewer.emailVerified } : null },
    { headers, status: queue?.state === "refused" ? queue.status : 200 },
  );
}
