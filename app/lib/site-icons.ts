/**
 * The tab's icon and the web app manifest, as every page's head names them (ADR 0030).
 *
 * - The tab's icon is the label's mark (public/favicon.svg, drawn by `npm run brand:assets`) written into
 *   the page as a data: address: about 350 bytes of the compressed page instead of a request that Chromium
 *   makes after the load event, on a page that needs nothing more to paint.
 * - The manifest (installing the store as an app) is linked a second after the load event by a line of
 *   script, and from the start in a <noscript> for a browser without scripts. At its link Chromium fetches
 *   the manifest and then one of its icons: neither has anything to do with the first view, and linked in
 *   the HTML both came while the phone was still fetching the page's own pictures.
 */
import svgToTinyDataUri from "mini-svg-data-uri";
import faviconSvg from "../../public/favicon.svg?raw";

export const MANIFEST_HREF = "/manifest.webmanifest";

export const FAVICON_DATA_URI = svgToTinyDataUri(faviconSvg);

/** After the load event, and a second more: the manifest's link added to the head. */
export const MANIFEST_LINK_DELAY_MS = 1000;

export const MANIFEST_LINK_SCRIPT = `addEventListener("load",function(){setTimeout(function(){var l=document.createElement("link");l.rel="manifest";l.href=${JSON.stringify(MANIFEST_HREF)};document.head.appendChild(l)},${MANIFEST_LINK_DELAY_MS})});`;
