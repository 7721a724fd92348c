import { LOCALES } from "../../core/shared/locale.ts";
import { localePath } from "../i18n/index.ts";
import type { Route } from "./+types/sitemap";

const PAGES = ["/", "/about", "/history", "/music", "/culture", "/shop", "/collections", "/newsletter"];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const products = await context.useCases.catalog.listProductSlugs();
  const events = await context.useCases.events.listEventSlugs();
  const [stories, collections] = await Promise.all([context.useCases.articles.listArticleSlugs(), context.useCases.catalog.listCollections()]);
  const pages: { path: string; lastmod?: Date }[] = [
    ...PAGES.map((path) => ({ path })),
    ...products.map((p) => ({ path: `/shop/${p.slug}`, lastmod: p.updatedAt })),
    ...events.map((e) => ({ path: `/events/${e.slug}`, lastmod: e.updatedAt })),
    ...stories.map((a) => ({ path: `/culture/${a.slug}`, lastmod: a.updatedAt })),
    ...collections.map((c) => ({ path: `/collections/${c.slug}` })),
  ];
  // Every page in both languages, each naming the other as its alternate (as the pages' hreflang links do).
  const urls = pages.flatMap(({ path, lastmod }) => {
    const alternates = LOCALES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(context.baseUrl + localePath(path, lang))}"/>`).join("");
    const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    return LOCALES.map((lang) => `<url><loc>${escapeXml(context.baseUrl + localePath(path, lang))}</loc>${modified}${alternates}</url>`);
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
