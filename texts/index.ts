/**
 * The store's words (ADR 0011, 0025): the catalogues in English and Spanish (messages/), what core says worded in
 * a language (outcomes.ts, server-side), and the names of things (labels.ts, browser-safe: browser code imports
 * labels.ts and ids.ts directly, not this file, which loads both catalogues).
 */
export type { MessageId, Messages, Translate } from "./ids.ts";
export { CATEGORY_LABEL_ID, categoryLabel, colorLabel, countryName, itemLabel, stockText, storedWishlistName, tagLabel, wishlistName } from "./labels.ts";
export { CATALOGUES, errorText, localeT, recordedText, sayField, sayFields, sayIn, wordsIn } from "./outcomes.ts";
export { negotiateLocale } from "./locale.ts";
