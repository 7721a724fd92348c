// The content module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { about, collectionsPage, history, home, isoDuration, music, pluralize, type Article, type Card, type ContentImage, type Playlist } from "./pages.ts";
