/**
 * The storefront's texts in English (the reference: the spec's texts word for word), one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import currency from "./en/currency.json";
import layout from "./en/layout.json";
import shop from "./en/shop.json";

export const AREAS = { currency, layout, shop };

const messages = { ...currency, ...layout, ...shop };
export default messages;
