/**
 * The use cases: every command and read a door may call (the pages' loaders and actions, the JSON API), bound
 * once to the store's dependencies when the server starts (server/http.ts). A door parses its input, calls one
 * of these and renders what it returns or throws; it never holds the database (ADR 0048).
 */
import type { Db } from "../shared/db.ts";
import type { PaymentProvider } from "../payments/index.ts";
import type { MediaStore, PictureChange } from "../media/index.ts";
import type { AudioStore } from "../music/index.ts";
import { recordAudit, type AdminActor } from "../admin/index.ts";
import { adminCancelOrder, adminMarkDelivered, adminShipOrder, requestOrderRefund } from "../admin/index.ts";
import { stopAlerts, subscribeToAlert } from "../alerts/index.ts";
import { checkOrderFields, currentOutcome, placeOrder, resumeCheckout, submitCheckout, type CheckoutDeps } from "../checkout/index.ts";
import { cancelOwnRsvp, cancelRsvp, confirmRsvp, submitRsvp, takeRsvp } from "../events/index.ts";
import { type AccountDeps, type SettingsDeps, changePassword, createAccount, currentPreferences, deleteAccount, passwordSignIn, resendVerification, savePreferences, sendPasswordReset } from "../identity/index.ts";
import { addProductImage, makeImageFirst, removeProductImage } from "../media/index.ts";
import { addTrack, createPlaylist, deletePlaylist, moveTrack, removeTrack, updatePlaylist } from "../music/index.ts";
import { confirmSubscription, createCampaign, subscribe, unsubscribeWithToken } from "../newsletter/index.ts";
import { saveRaffle } from "../raffles/index.ts";
import { bindAround, bindTo } from "../shared/bind.ts";
import { SyncedWindowCounter } from "../accounts/index.ts";
import { consume, endSession, getAccount, limitJoins, listSessions, pruneWindows, setCurrencyPreference, updatePreferences, updateProfile } from "../accounts/index.ts";
import { addOrderNote, addVariant, auditEntities, changeUserRole, createProduct, deleteUserAsAdmin, exportAdminOrders, findAdminOrder, getAdminProduct, getAdminStats, getUserDetail, listAdminOrders, listAdminProducts, listAudit, listReviewsForModeration, listUsers, removeVariant, reviewedProducts, setReviewHidden, setUserActive, updateProduct, updateVariant } from "../admin/index.ts";
import { findStopTarget, waitingLine } from "../alerts/index.ts";
import { getFunnel, getOverview, getProductTable, getRestockAdvice, getSales, getSalesForecast } from "../analytics/index.ts";
import { createArticle, deleteArticle, embeddedProducts, getAdminArticle, getPublishedArticle, listAdminArticles, listArticleSlugs, listPublishedArticles, setArticleStatus, updateArticle } from "../articles/index.ts";
import { addToCart, cartExists, clearCart, createCart, ensureCartOfUser, findCartOfUser, findVariantByOptions, getCart, isGuestCart, removeLine, setLineQuantity } from "../cart/index.ts";
import { findRenamedProduct, getProductBySlug, listCollections, listProductSlugs, listProducts } from "../catalog/index.ts";
import { attemptById, needsShippingAddress } from "../checkout/index.ts";
import { clearRate, currentRates, listRates, requireOffered, setRate } from "../currency/index.ts";
import { addTicketType, checkInTicket, createEvent, eventSlugOfProduct, getAdminEvent, getEventBySlug, listAdminEvents, listEventSlugs, listPublishedEvents, listRsvps, nextUpcomingEvent, rsvpsOfUser, ticketsOfOrder, ticketsOfUser, updateEvent, updateTicketType } from "../events/index.ts";
import { claimKey, keepAnswer, pruneExpiredKeys, releaseKey } from "../idempotency/index.ts";
import { acknowledgeAlert, adjustStock, applyStockList, getInventoryRow, getInventoryStats, listActiveAlerts, listInventory, listMovementPage, previewStockList, restock, type StockChangeOptions } from "../inventory/index.ts";
import { addHotspot, addLook, collectionName, createCollection, deleteCollection, getAdminCollection, getCollectionPage, getLookbook, listAdminCollections, listProductChoices, removeHotspot, removeLook, updateCollection, updateLook } from "../lookbook/index.ts";
import { listKeptMail, listOutbox } from "../mail/index.ts";
import { getProductForImages } from "../media/index.ts";
import { getPlaylist, listPlaylists, musicPage } from "../music/index.ts";
import { findConfirmation, findUnsubscribeTarget, listCampaigns, listConfirmedSubscribers, subscriberCounts } from "../newsletter/index.ts";
import { findOrderOfCustomer, listOrdersOfCustomer, reorder } from "../orders/index.ts";
import { exportAccountData } from "../privacy/index.ts";
import { hasWaitingRoom, joinQueue, queueStatus } from "../queue/index.ts";
import { adminRaffleOfProduct, enterRaffle, findClaim, listRaffles, productRaffle } from "../raffles/index.ts";
import { createReview, getOwnReview, getReviewSummary, listReviews, markHelpful, updateReview } from "../reviews/index.ts";
import { createWishlist, deleteWishlist, getWishlist, listWishlists, lookupSharedWishlist, moveItemToCart, removeItem, removeProductFromWishlists, renameWishlist, saveItem, savedProductIds, setWishlistSharing, updateItem } from "../wishlist/index.ts";

/** What the use cases are bound to: the store's services, made once per process (server/http.ts). */
export interface StoreDeps extends AccountDeps, SettingsDeps {
  payments: PaymentProvider;
  /** Where product photographs are kept. */
  media: MediaStore;
  /** Where the Music page's tracks are kept. */
  audio: AudioStore;
  /** What checkout commands run with (its hold and reconciling times). */
  checkout: CheckoutDeps;
}

/** A stock change as a door asks for it: who and why (the job queue is the store's). */
type StockOptions = Omit<StockChangeOptions, "jobs">;

export function bindUseCases(deps: StoreDeps) {
  const { db, jobs, baseUrl, payments, log } = deps;
  const onError = (err: unknown, what: string) => log.error({ err }, what);
  const mailing = { db, jobs, baseUrl };
  /** An administrator's photo and track writes: each audited, in its own transaction, as theirs. */
  const audited = (actor: AdminActor) => ({ db, audit: (tx: Db, entry: Parameters<typeof recordAudit>[2]) => recordAudit(tx, actor, entry), onError });
  return {
    accounts: {
      ...bindTo(db, { consume, endSession, getAccount, limitJoins, listSessions, pruneWindows, setCurrencyPreference, updatePreferences, updateProfile }),
      /** A counter of busy keys shared by every process through the database (the API's request limits). */
      syncedCounter: (options: ConstructorParameters<typeof SyncedWindowCounter>[1]) => new SyncedWindowCounter(db, options),
    },
    admin: {
      ...bindTo(db, { addOrderNote, auditEntities, changeUserRole, deleteUserAsAdmin, exportAdminOrders, findAdminOrder, getAdminProduct, getAdminStats, getUserDetail, listAdminOrders, listAdminProducts, listAudit, listReviewsForModeration, listUsers, removeVariant, reviewedProducts, setReviewHidden, setUserActive }),
      // The product editor's writes queue what follows a change the shop shows (a restock's alerts) in their transaction.
      ...bindAround(db, jobs, { createProduct, updateProduct, addVariant, updateVariant }),
      ...bindTo({ db, jobs, payments, baseUrl, onError }, { adminShipOrder, adminMarkDelivered, adminCancelOrder, requestOrderRefund }),
    },
    alerts: { ...bindTo(db, { findStopTarget, waitingLine }), ...bindTo(mailing, { subscribeToAlert, stopAlerts }) },
    analytics: bindTo(db, { getFunnel, getOverview, getProductTable, getRestockAdvice, getSales, getSalesForecast }),
    articles: bindTo(db, { createArticle, deleteArticle, embeddedProducts, getAdminArticle, getPublishedArticle, listAdminArticles, listArticleSlugs, listPublishedArticles, setArticleStatus, updateArticle }),
    cart: bindTo(db, { addToCart, cartExists, clearCart, createCart, ensureCartOfUser, findCartOfUser, findVariantByOptions, getCart, isGuestCart, removeLine, setLineQuantity }),
    catalog: bindTo(db, { findRenamedProduct, getProductBySlug, listCollections, listProductSlugs, listProducts }),
    checkout: { ...bindTo(db, { attemptById, needsShippingAddress }), ...bindTo(deps.checkout, { placeOrder, submitCheckout, checkOrderFields, resumeCheckout, currentOutcome }), paymentProvider: () => deps.checkout.payments.name },
    currency: bindTo(db, { clearRate, currentRates, listRates, requireOffered, setRate }),
    events: { ...bindTo(db, { addTicketType, checkInTicket, createEvent, eventSlugOfProduct, getAdminEvent, getEventBySlug, listAdminEvents, listEventSlugs, listPublishedEvents, listRsvps, nextUpcomingEvent, rsvpsOfUser, ticketsOfOrder, ticketsOfUser, updateEvent, updateTicketType }), ...bindTo(mailing, { submitRsvp, takeRsvp, confirmRsvp, cancelRsvp, cancelOwnRsvp }) },
    idempotency: bindTo(db, { claimKey, keepAnswer, pruneExpiredKeys, releaseKey }),
    inventory: {
      ...bindTo(db, { acknowledgeAlert, getInventoryRow, getInventoryStats, listActiveAlerts, listInventory, listMovementPage, previewStockList }),
      // Stock that comes back from 0 queues its "Notify me" alerts in the change's transaction.
      restock: (variantId: number, quantity: number, opts: StockOptions = {}) => restock(db, variantId, quantity, { ...opts, jobs }),
      adjustStock: (variantId: number, newOnHand: number, opts: StockOptions = {}) => adjustStock(db, variantId, newOnHand, { ...opts, jobs }),
      applyStockList: (rows: Parameters<typeof applyStockList>[1], opts: StockOptions = {}) => applyStockList(db, rows, { ...opts, jobs }),
    },
    lookbook: {
      ...bindTo(db, { addHotspot, addLook, collectionName, getAdminCollection, getCollectionPage, getLookbook, listAdminCollections, listProductChoices, removeHotspot, removeLook, updateLook }),
      ...bindAround(db, jobs, { createCollection, updateCollection, deleteCollection }),
    },
    mail: bindTo(db, { listKeptMail, listOutbox }),
    media: {
      ...bindTo(db, { getProductForImages }),
      /** A form's picture change (a new upload, or whether the current one stays), or a delete's: the store's files change after the commit. */
      picture: (upload: Pick<PictureChange, "bytes" | "keep"> = {}): PictureChange => ({ store: deps.media, onError, ...upload }), asAdmin: (actor: AdminActor) => bindTo({ ...audited(actor), store: deps.media }, { addProductImage, removeProductImage, makeImageFirst }) },
    music: { ...bindTo(db, { getPlaylist, listPlaylists, musicPage }), asAdmin: (actor: AdminActor) => bindTo({ ...audited(actor), store: deps.audio }, { createPlaylist, updatePlaylist, deletePlaylist, addTrack, removeTrack, moveTrack }) },
    newsletter: { ...bindTo(db, { findConfirmation, findUnsubscribeTarget, listCampaigns, listConfirmedSubscribers, subscriberCounts }), ...bindTo({ ...mailing, secret: deps.signingSecret }, { subscribe, confirmSubscription, unsubscribeWithToken, createCampaign }) },
    orders: bindTo(db, { findOrderOfCustomer, listOrdersOfCustomer, reorder }),
    privacy: bindTo(db, { exportAccountData }),
    queue: bindTo(db, { hasWaitingRoom, joinQueue, queueStatus }),
    raffles: { ...bindTo(db, { adminRaffleOfProduct, enterRaffle, findClaim, listRaffles, productRaffle }), ...bindTo(mailing, { saveRaffle }) },
    reviews: bindTo(db, { createReview, getOwnReview, getReviewSummary, listReviews, markHelpful, updateReview }),
    wishlist: bindTo(db, { createWishlist, deleteWishlist, getWishlist, listWishlists, lookupSharedWishlist, moveItemToCart, removeItem, removeProductFromWishlists, renameWishlist, saveItem, savedProductIds, setWishlistSharing, updateItem }),
    identity: bindTo(deps, { passwordSignIn, createAccount, sendPasswordReset, resendVerification, currentPreferences, savePreferences, changePassword, deleteAccount }),
  };
}

export type UseCases = ReturnType<typeof bindUseCases>;
