import { english } from "./words.ts";

/*
 * The English a test expects a shopper to read, by the names core's constants had before core said ids
 * (issue 35): each built from the catalogue (tests/words.ts). One section per module, under its names.
 */

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
