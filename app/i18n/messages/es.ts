/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import currency from "./es/currency.json";
import layout from "./es/layout.json";
import cart from "./es/cart.json";
import checkout from "./es/checkout.json";
import orders from "./es/orders.json";
import wishlist from "./es/wishlist.json";

export const AREAS = { currency, layout, cart, checkout, orders, wishlist };

const messages = { ...currency, ...layout, ...cart, ...checkout, ...orders, ...wishlist };
export default messages;
