/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import currency from "./es/currency.json";
import layout from "./es/layout.json";
import shop from "./es/shop.json";

export const AREAS = { currency, layout, shop };

const messages = { ...currency, ...layout, ...shop };
export default messages;
