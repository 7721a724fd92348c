/**
 * The font files every page needs at once, preloaded from the document's head so they arrive with the
 * stylesheet rather than after it (app/fonts.css declares the faces). The `?url` imports give the same
 * fingerprinted /assets URLs the stylesheet uses, so each file is fetched once.
 */
import antonLatin from "@fontsource/anton/files/anton-latin-400-normal.woff2?url";
import archivoLatin from "@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2?url";

export const FONT_PRELOADS = [antonLatin, archivoLatin].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous",
})) as { rel: "preload"; href: string; as: "font"; type: string; crossOrigin: "anonymous" }[];
