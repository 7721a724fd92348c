/**
 * The storefront's texts in English (the reference: the spec's texts word for word), one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import currency from "./en/currency.json";
import layout from "./en/layout.json";
import shop from "./en/shop.json";
import home from "./en/home.json";
import music from "./en/music.json";
import culture from "./en/culture.json";
import events from "./en/events.json";
import account from "./en/account.json";
import newsletter from "./en/newsletter.json";
import cart from "./en/cart.json";
import checkout from "./en/checkout.json";
import orders from "./en/orders.json";
import wishlist from "./en/wishlist.json";
import tags from "./en/tags.json";
import api from "./en/api.json";
import analytics from "./en/analytics.json";
import admin from "./en/admin.json";

export const AREAS = { currency, layout, shop, home, music, culture, events, account, newsletter, cart, checkout, orders, wishlist, tags, api, analytics, admin };

const messages = { ...currency, ...layout, ...shop, ...home, ...music, ...culture, ...events, ...account, ...newsletter, ...cart, ...checkout, ...orders, ...wishlist, ...tags, ...api, ...analytics, ...admin };
export default messages;
