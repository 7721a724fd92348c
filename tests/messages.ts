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
