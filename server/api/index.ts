// The app's JSON API at /api/v1 (ADR 0027): another face on core, like app/routes, for the brand's mobile app.
import type { Router } from "express";
import { listTokensOp, meOp, requestPasswordResetOp, resendVerificationOp, revokeTokenOp, signInOp, signOutOp, signUpOp } from "./accounts.ts";
import { addCartItemOp, getCartOp, removeCartItemOp, setCartItemOp } from "./cart.ts";
import { changePasswordOp, deleteAccountOp, exportDataOp, getPreferencesOp, updatePreferencesOp, updateProfileOp } from "./account.ts";
import { getProductOp, listCollectionsOp, listProductsOp } from "./catalog.ts";
import { getQueueOp, joinQueueOp } from "./queue.ts";
import { getCheckoutAttemptOp, getCheckoutOp, placeOrderOp } from "./checkout.ts";
import { cancelRsvpOp, getEventOp, listEventsOp, listRsvpsOp, listTicketsOp, rsvpOp } from "./events.ts";
import { createReviewOp, listReviewsOp, markHelpfulOp, ownReviewOp, reviewSummaryOp, updateReviewOp } from "./reviews.ts";
import {
  createWishlistOp,
  deleteWishlistOp,
  getSharedWishlistOp,
  getWishlistOp,
  listWishlistsOp,
  moveWishlistItemToCartOp,
  removeWishlistItemOp,
  savedProductsOp,
  saveWishlistItemOp,
  shareWishlistOp,
  unsaveWishlistProductOp,
  unshareWishlistOp,
  updateWishlistItemOp,
  updateWishlistOp,
} from "./wishlists.ts";
import { mountDocs } from "./docs.ts";
import { openApiDocument } from "./openapi.ts";
import type { AnyOperation, ApiDeps } from "./operation.ts";
import { getOrderOp, getOrderTrackingOp, listOrdersOp, reorderOp } from "./orders.ts";
import { apiRouter } from "./router.ts";

export { apiNotFound } from "./router.ts";
export { API_BODY_LIMIT_BYTES } from "./request.ts";
export type { ApiDeps, ApiLimits } from "./operation.ts";

/** Every operation of /api/v1: what the router serves and the document describes. */
export const OPERATIONS: readonly AnyOperation[] = [
  listProductsOp,
  getProductOp,
  joinQueueOp,
  getQueueOp,
  listCollectionsOp,
  signUpOp,
  signInOp,
  signOutOp,
  requestPasswordResetOp,
  resendVerificationOp,
  meOp,
  listTokensOp,
  revokeTokenOp,
  getCartOp,
  addCartItemOp,
  setCartItemOp,
  removeCartItemOp,
  getCheckoutOp,
  placeOrderOp,
  getCheckoutAttemptOp,
  listOrdersOp,
  getOrderOp,
  getOrderTrackingOp,
  reorderOp,
  // Wishlists, reviews, account settings, events (issue 17, second landing).
  listWishlistsOp,
  createWishlistOp,
  getWishlistOp,
  updateWishlistOp,
  deleteWishlistOp,
  shareWishlistOp,
  unshareWishlistOp,
  saveWishlistItemOp,
  updateWishlistItemOp,
  removeWishlistItemOp,
  moveWishlistItemToCartOp,
  savedProductsOp,
  unsaveWishlistProductOp,
  getSharedWishlistOp,
  listReviewsOp,
  reviewSummaryOp,
  createReviewOp,
  ownReviewOp,
  updateReviewOp,
  markHelpfulOp,
  updateProfileOp,
  getPreferencesOp,
  updatePreferencesOp,
  changePasswordOp,
  deleteAccountOp,
  exportDataOp,
  listEventsOp,
  getEventOp,
  rsvpOp,
  listTicketsOp,
  listRsvpsOp,
  cancelRsvpOp,
];

export { openApiDocument };

/** The router to mount at /api/v1. */
export function createApi(deps: ApiDeps): Router {
  let document: Promise<string> | null = null;
  const openApiJson = () =>
    (document ??= openApiDocument(OPERATIONS, deps.baseUrl)
      .then((d) => JSON.stringify(d))
      .catch((error: unknown) => {
        document = null; // the next request tries again
        throw error;
      }));
  return apiRouter(deps, OPERATIONS, (router) => mountDocs(router, openApiJson));
}
