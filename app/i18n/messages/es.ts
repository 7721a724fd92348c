/**
 * The storefront's texts in Spanish, one file per area of the store.
 * Ids are unique across files (messages.test.ts checks it).
 */
import layout from "./es/layout.json";
import home from "./es/home.json";
import music from "./es/music.json";
import culture from "./es/culture.json";
import events from "./es/events.json";

export const AREAS = { layout, home, music, culture, events };

const messages = { ...layout, ...home, ...music, ...culture, ...events };
export default messages;
