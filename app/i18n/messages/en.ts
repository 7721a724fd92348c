/**
 * The storefront's texts in English (the reference: the spec's texts word for word), one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import currency from "./en/currency.json";
import layout from "./en/layout.json";
import cart from "./en/cart.json";
import checkout from "./en/checkout.json";
import orders from "./en/orders.json";
import wishlist from "./en/wishlist.json";

export const AREAS = { currency, layout, cart, checkout, orders, wishlist };

const messages = { ...currency, ...layout, ...cart, ...checkout, ...orders, ...wishlist };
export default messages;
