/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import layout from "./es/layout.json";

export const AREAS = { layout };

const messages = { ...layout };
export default messages;
