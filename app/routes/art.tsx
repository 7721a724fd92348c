/**
 * Resource route: /art/:kind/:file — product artwork as SVG.
 * file is "default.svg" (the item's default colour) or "<color-slug>.svg", where the slug is
 * lower-case words joined by "-" ("harlem-gold" -> "harlem gold").
 */
import { garmentSvg, isArtKind } from "../../core/catalog/index.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function loader({ params }: { params: { kind?: string; file?: string } }): Response {
  const { kind, file } = params;
  if (!kind || !isArtKind(kind) || !file || !file.endsWith(".svg")) return notFound();
  const slug = file.slice(0, -".svg".length).toLowerCase();
  if (slug.length > 60 || !SLUG.test(slug)) return notFound();
  const color = slug === "default" ? null : slug.replaceAll("-", " ");
  return new Response(garmentSvg(kind, color), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      // Opened directly, the document may not run script or load anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
