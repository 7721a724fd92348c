/**
 * The storefront's texts in English (the reference: the spec's texts word for word), one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import layout from "./en/layout.json";
import home from "./en/home.json";
import music from "./en/music.json";
import culture from "./en/culture.json";
import events from "./en/events.json";

export const AREAS = { layout, home, music, culture, events };

const messages = { ...layout, ...home, ...music, ...culture, ...events };
export default messages;
