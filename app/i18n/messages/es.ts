/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import layout from "./es/layout.json";
import shop from "./es/shop.json";

export const AREAS = { layout, shop };

const messages = { ...layout, ...shop };
export default messages;
