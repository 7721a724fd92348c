/**
 * The storefront's texts in English (the reference: the spec's texts word for word), one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import layout from "./en/layout.json";
import account from "./en/account.json";
import newsletter from "./en/newsletter.json";

export const AREAS = { layout, account, newsletter };

const messages = { ...layout, ...account, ...newsletter };
export default messages;
