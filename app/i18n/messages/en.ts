/**
 * The storefront's texts in English (the reference: the spec's texts word for word), one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import layout from "./en/layout.json";
import shop from "./en/shop.json";

export const AREAS = { layout, shop };

const messages = { ...layout, ...shop };
export default messages;
