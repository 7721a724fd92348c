import { listProductSlugs } from "../../core/catalog/index.ts";
import type { Route } from "./+types/sitemap";

const PAGES = ["/", "/about", "/history", "/music", "/culture", "/shop", "/collections"];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const products = await listProductSlugs(context.db);
  const urls = [
    ...PAGES.map((path) => `<url><loc>${escapeXml(context.baseUrl + path)}</loc></url>`),
    ...products.map(
      (p) =>
        `<url><loc>${escapeXml(`${context.baseUrl}/shop/${p.slug}`)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
