/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import layout from "./es/layout.json";
import account from "./es/account.json";
import newsletter from "./es/newsletter.json";

export const AREAS = { layout, account, newsletter };

const messages = { ...layout, ...account, ...newsletter };
export default messages;
