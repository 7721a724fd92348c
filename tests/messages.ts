import { english } from "./words.ts";

/*
 * The English of core's texts under the names the tests used when core kept them as constants: each built from
 * the catalogue (tests/words.ts), so a test asserts the words a page shows. Each section is a module's.
 */

/* admin, catalog, media, music */

export const ADMIN_MESSAGES = {
  userNotFound: english("admin.domain.accountGone"),
  reviewNotFound: english("admin.domain.reviewGone"),
  lastSuperAdmin: english("admin.domain.lastSuperAdmin"),
  self: english("admin.domain.notYourOwnAccount"),
  userDeleted: english("admin.domain.accountDeleted"),
  staffOnly: english("admin.domain.superAdminDeactivates"),
} as const;

export const MEDIA_MESSAGES = {
  productNotFound: english("admin.domain.productGone"),
  imageNotFound: english("admin.domain.photoGone"),
  staleVersion: english("admin.domain.productChanged"),
  invalidColor: english("admin.domain.photoColor"),
  noFile: english("admin.domain.photoMissing"),
  unsupportedType: english("admin.domain.photoType"),
  tooLarge: english("admin.domain.photoTooLarge"),
  tooManyPixels: english("admin.domain.photoTooManyPixels"),
  unreadable: english("admin.domain.photoUnreadable"),
} as const;

export const CATALOG_MESSAGES = {
  productNotFound: english("admin.domain.productGone"),
  variantNotFound: english("admin.domain.variantGone"),
  changed: english("admin.domain.productChanged"),
  slugTaken: english("admin.domain.productSlugTaken"),
  skuTaken: english("admin.domain.skuTaken"),
  optionsTaken: english("admin.domain.optionsTaken"),
  unknownArt: english("admin.domain.unknownArt"),
  variantHeld: english("admin.domain.variantHeld"),
} as const;

export const MUSIC_MESSAGES = {
  playlistNotFound: english("admin.domain.playlistGone"),
  trackNotFound: english("admin.domain.trackGone"),
  slugTaken: english("admin.domain.playlistSlugTaken"),
  noFile: english("admin.domain.audioMissing"),
  unsupportedType: english("admin.domain.audioType"),
  tooLarge: english("admin.domain.audioTooLarge"),
  unreadable: english("admin.domain.audioUnreadable"),
  deleteFeatured: english("admin.domain.playlistFeatured"),
} as const;

// --- reviews
export const REVIEW_MESSAGES = {
  signInToReview: english("shop.reviews.error.signInToReview"),
  signInForHelpful: english("shop.reviews.error.signInForHelpful"),
  alreadyReviewed: english("shop.reviews.error.alreadyReviewed"),
  noReviewToEdit: english("shop.reviews.error.noReviewToEdit"),
  productNotFound: english("shop.reviews.error.productNotFound"),
  reviewNotFound: english("shop.reviews.error.reviewNotFound"),
  ownReview: english("shop.reviews.error.ownReview"),
  unknownSize: english("shop.reviews.error.unknownSize"),
  unknownColor: english("shop.reviews.error.unknownColor"),
} as const;

// --- newsletter
export const NEWSLETTER_MESSAGES = {
  checkInbox: english("newsletter.message.checkInbox"),
  emailRequired: english("account.error.emailRequired"),
  invalidEmail: english("account.error.invalidEmail"),
  tooManyRequests: english("newsletter.message.tooManyRequests"),
  confirmed: english("newsletter.message.confirmed"),
  badConfirmLink: english("newsletter.message.badConfirmLink"),
  unsubscribed: english("newsletter.message.unsubscribed"),
  badUnsubscribeLink: english("newsletter.message.badUnsubscribeLink"),
  subjectRequired: english("newsletter.domain.subjectRequired"),
  bodyRequired: english("newsletter.domain.bodyRequired"),
  spanishSubjectRequired: english("newsletter.domain.spanishSubjectRequired"),
  spanishBodyRequired: english("newsletter.domain.spanishBodyRequired"),
} as const;

// --- wishlist
export const WISHLIST_MESSAGES = {
  alreadyInWishlist: english("wishlist.domain.alreadyInWishlist"),
  loginRequired: english("wishlist.domain.loginRequired"),
  saved: english("wishlist.domain.saved"),
  removed: english("wishlist.domain.removed"),
  itemUpdated: english("wishlist.domain.itemUpdated"),
  movedToCart: english("wishlist.domain.movedToCart"),
  listCreated: english("wishlist.domain.listCreated"),
  listRenamed: english("wishlist.domain.listRenamed"),
  listDeleted: english("wishlist.domain.listDeleted"),
  madePublic: english("wishlist.domain.madePublic"),
  madePrivate: english("wishlist.domain.madePrivate"),
  listNotFound: english("wishlist.domain.listNotFound"),
  itemNotFound: english("wishlist.domain.itemNotFound"),
  productUnavailable: english("cart.domain.itemGone"),
  optionsUnavailable: english("cart.domain.comboUnavailable"),
  chooseOption: english("wishlist.domain.chooseOption"),
  tooManyLists: english("wishlist.domain.tooManyLists", { max: 20 }),
  listFull: english("wishlist.domain.listFull", { max: 200 }),
  firstListStays: english("wishlist.domain.firstListStays"),
  nameRequired: english("wishlist.domain.nameRequired"),
  tooManyLookups: english("wishlist.domain.tooManyLookups"),
} as const;

// --- accounts, identity
export const MESSAGES = {
  fillRequired: english("account.error.fillRequired"),
  fillAll: english("account.error.fillAll"),
  passwordsDontMatch: english("account.error.passwordsDontMatch"),
  passwordTooShort: english("account.error.passwordTooShort"),
  acceptTerms: english("account.error.acceptTerms"),
  newPasswordsDontMatch: english("account.error.newPasswordsDontMatch"),
  noUser: english("account.error.noUser"),
  userNotFound: english("account.error.userNotFound"),
  accountDeactivated: english("account.error.accountDeactivated"),
  wrongPassword: english("account.error.wrongPassword"),
  emailInUse: english("account.error.emailInUse"),
  weakPassword: english("account.error.weakPassword"),
  invalidEmail: english("account.error.invalidEmail"),
  tooManyRequests: english("account.error.tooManyRequests"),
  networkError: english("account.error.networkError"),
  requiresRecentLogin: english("account.error.requiresRecentLogin"),
  unexpected: english("error.unexpected.detail"),
  loginFailed: english("account.error.loginFailed"),
  registrationFailed: english("account.error.registrationFailed"),
  logoutFailed: english("account.error.logoutFailed"),
  resetFailed: english("account.error.resetFailed"),
  changeFailed: english("account.error.changeFailed"),
  resendFailed: english("account.error.resendFailed"),
  deletionFailed: english("account.error.deletionFailed"),
  loadFailed: english("account.error.loadFailed"),
  profileSaved: english("account.error.profileSaved"),
  profileFailed: english("account.error.profileFailed"),
} as const;

export const RESET_SENT_MESSAGE = english("account.error.resetSent");
export const VERIFICATION_SENT = english("account.profile.verificationSent");

// --- checkout, payments, idempotency, cart, orders, inventory, queue, events, request checks ---

export const CHECKOUT_MESSAGES = {
  nameRequired: english("checkout.domain.nameRequired"),
  emailRequired: english("checkout.domain.emailRequired"),
  emailInvalid: english("checkout.domain.emailInvalid"),
  countryInvalid: english("checkout.domain.countryInvalid"),
  paymentFailed: english("checkout.domain.paymentFailed"),
  checkFields: english("checkout.domain.checkFields"),
  insufficientStock: english("checkout.domain.insufficientStock"),
  reservationExpired: english("checkout.domain.reservationExpired"),
  inProgress: english("checkout.domain.inProgress"),
  shippingRequired: english("checkout.domain.shippingRequired"),
  streetRequired: english("checkout.domain.streetRequired"),
  cityRequired: english("checkout.domain.cityRequired"),
  stateRequired: english("checkout.domain.stateRequired"),
  usStateInvalid: english("checkout.domain.usStateInvalid"),
  regionInvalid: english("checkout.domain.regionInvalid"),
  postalCodeRequired: english("checkout.domain.postalCodeRequired"),
  zipInvalid: english("checkout.domain.zipInvalid"),
  postalCodeInvalid: english("checkout.domain.postalCodeInvalid"),
  shippingCountryInvalid: english("checkout.domain.shippingCountryInvalid"),
} as const;

export const CARD_MESSAGES = {
  numberRequired: english("checkout.domain.cardNumberRequired"),
  numberInvalid: english("checkout.domain.cardNumberInvalid"),
  expiryInvalid: english("checkout.domain.cardExpiryInvalid"),
  expired: english("checkout.domain.cardExpired"),
  cvcInvalid: english("checkout.domain.cardCvcInvalid"),
} as const;

/** A refused request's reasons as the HTTP layer and the form reader word them (core/shared/request-checks.ts REFUSALS). */
export const REQUEST_MESSAGES = {
  badEncoding: english("account.refusal.badEncoding"),
  controlInAddress: english("account.refusal.controlInAddress"),
  badHost: english("account.refusal.badHost"),
  method: english("account.refusal.method"),
  crossSite: english("account.refusal.crossSite"),
  notForm: english("account.refusal.notForm"),
  unreadable: english("account.refusal.unreadable"),
  controlInForm: english("account.refusal.controlInForm"),
  invalidUtf8: english("account.refusal.invalidUtf8"),
  compressed: english("account.refusal.compressed"),
  truncated: english("account.refusal.truncated"),
  unexpected: english("api.domain.unexpected"),
} as const;
