import { listEventSlugs } from "../../core/events/index.ts";
import { listArticleSlugs } from "../../core/articles/index.ts";
import { listCollections, listProductSlugs } from "../../core/catalog/index.ts";
import type { Route } from "./+types/sitemap";

const PAGES = ["/", "/about", "/history", "/music", "/culture", "/shop", "/collections", "/newsletter"];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const products = await listProductSlugs(context.db);
  const events = await listEventSlugs(context.db);
  const [stories, collections] = await Promise.all([listArticleSlugs(context.db), listCollections(context.db)]);
  const urls = [
    ...PAGES.map((path) => `<url><loc>${escapeXml(context.baseUrl + path)}</loc></url>`),
    ...products.map(
      (p) =>
        `<url><loc>${escapeXml(`${context.baseUrl}/shop/${p.slug}`)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
    ...events.map((e) => `<url><loc>${escapeXml(`${context.baseUrl}/events/${e.slug}`)}</loc><lastmod>${e.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`),
    ...stories.map(
      (a) => `<url><loc>${escapeXml(`${context.baseUrl}/culture/${a.slug}`)}</loc><lastmod>${a.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
    ...collections.map((c) => `<url><loc>${escapeXml(`${context.baseUrl}/collections/${c.slug}`)}</loc></url>`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
