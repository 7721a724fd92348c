import type { StoreContext } from "../context.ts";
import { getViewer } from "./session.server.ts";

/**
 * Which of these products the viewer has saved, for the hearts of a page. Guests cost nothing: the viewer
 * is already known for the request (no session cookie, no query) and no wishlist query is made.
 */
export async function savedAmong(request: Request, context: StoreContext, productIds: readonly number[]): Promise<number[]> {
  const viewer = await getViewer(request, context);
  if (!viewer || productIds.length === 0) return [];
  return context.useCases.wishlist.savedProductIds(viewer.id, productIds);
}

/** All the products the viewer has saved (for a listing loaded at the same time); empty for guests, with no query. */
export async function allSaved(request: Request, context: StoreContext): Promise<Set<number>> {
  const viewer = await getViewer(request, context);
  if (!viewer) return new Set();
  return new Set(await context.useCases.wishlist.savedProductIds(viewer.id));
}
