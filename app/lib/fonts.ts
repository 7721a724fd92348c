/**
 * The font files every page needs at once (the core of their latin characters: every character of the
 * store's own texts; scripts/font-subsets.ts), preloaded from the document's head so they arrive with the
 * stylesheet rather than after it (app/fonts.css declares the faces): Anton, and Archivo at the three
 * weights every page sets (text, semibold labels, bold prices and names; 900 is rare and fetched where
 * used). The `?url` imports give the same fingerprinted /assets URLs the stylesheet uses, so each file is
 * fetched once.
 */
import antonLatin from "../fonts/anton-latin-core.woff2?url";
import archivo400 from "../fonts/archivo-latin-core-400.woff2?url";
import archivo600 from "../fonts/archivo-latin-core-600.woff2?url";
import archivo700 from "../fonts/archivo-latin-core-700.woff2?url";

export const FONT_PRELOADS = [antonLatin, archivo400, archivo600, archivo700].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous",
})) as { rel: "preload"; href: string; as: "font"; type: string; crossOrigin: "anonymous" }[];
