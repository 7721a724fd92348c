/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import currency from "./es/currency.json";
import layout from "./es/layout.json";
import shop from "./es/shop.json";
import home from "./es/home.json";
import music from "./es/music.json";
import culture from "./es/culture.json";
import events from "./es/events.json";
import account from "./es/account.json";
import newsletter from "./es/newsletter.json";
import cart from "./es/cart.json";
import checkout from "./es/checkout.json";
import orders from "./es/orders.json";
import wishlist from "./es/wishlist.json";
import tags from "./es/tags.json";
import api from "./es/api.json";
import analytics from "./es/analytics.json";
import admin from "./es/admin.json";

export const AREAS = { currency, layout, shop, home, music, culture, events, account, newsletter, cart, checkout, orders, wishlist, tags, api, analytics, admin };

const messages = { ...currency, ...layout, ...shop, ...home, ...music, ...culture, ...events, ...account, ...newsletter, ...cart, ...checkout, ...orders, ...wishlist, ...tags, ...api, ...analytics, ...admin };
export default messages;
