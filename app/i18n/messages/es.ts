/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import currency from "./es/currency.json";
import layout from "./es/layout.json";

export const AREAS = { currency, layout };

const messages = { ...currency, ...layout };
export default messages;
