import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /dashboard",
    "Disallow: /profile",
    "Disallow: /orders",
    "Disallow: /admin",
    "Disallow: /analytics",
    "Disallow: /api/",
    // The owner's page and the heart's endpoint; shared lists (/wishlist/<code>) carry noindex instead.
    "Disallow: /wishlist$",
    "Disallow: /wishlist/toggle",
    `Sitemap: ${context.baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
