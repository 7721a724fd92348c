/**
 * Resource route: /social/:kind/:slug.png — the 1200x630 PNG a shared link shows (app/lib/social.ts);
 * /social/:kind/:slug.es.png is the card with its words in Spanish, for Spanish pages.
 * Asked for with the current version (?v=), it may be cached for a year: its address changes with what it
 * shows. Any other version gets today's card with a short cache, so an old address never sticks to old art.
 */
import { articleSlugSchema } from "../../core/articles/index.ts";
import { slugSchema } from "../../core/catalog/index.ts";
import { collectionSlugSchema } from "../../core/lookbook/index.ts";
import { MEDIA_URL_PREFIX } from "../../core/media/index.ts";
import type { Locale } from "../../core/shared/locale.ts";
import { localeT } from "../lib/i18n.server.ts";
import { socialCardPng } from "../lib/social-card.server.ts";
import {
  cardVersion,
  collectionCardContent,
  eventCardContent,
  isPageCardKey,
  pageCardContent,
  parseCardFile,
  productCardContent,
  SOCIAL_CARD,
  storyCardContent,
  type ProductCardContent,
  type TitleCardContent,
} from "../lib/social.ts";
import type { Route } from "./+types/social-card";

type CardContent = { product: ProductCardContent } | { title: TitleCardContent };

/**
 * What the card of `kind`/`slug` shows today in `locale`, or null when there is no such public thing. A
 * product's card has no words to translate (its name is the brand's, its price "$55.00" in both); a story's
 * and an event's are drawn from their texts in that language, a collection's shows its season in that
 * language (its name is the brand's).
 */
async function contentOf(kind: string, slug: string, locale: Locale, context: Route.LoaderArgs["context"]): Promise<CardContent | null> {
  switch (kind) {
    case "product": {
      const parsed = slugSchema.safeParse(slug);
      const product = parsed.success ? await context.useCases.catalog.getProductBySlug(parsed.data, locale) : null;
      return product ? { product: productCardContent(product) } : null;
    }
    case "page":
      return isPageCardKey(slug) ? { title: pageCardContent(slug, localeT(locale)) } : null;
    case "story": {
      const parsed = articleSlugSchema.safeParse(slug);
      const article = parsed.success ? await context.useCases.articles.getPublishedArticle(parsed.data, locale) : null;
      return article ? { title: storyCardContent(article) } : null;
    }
    case "event": {
      const parsed = slugSchema.safeParse(slug);
      const event = parsed.success ? await context.useCases.events.getEventBySlug(parsed.data, locale) : null;
      return event ? { title: eventCardContent(event, locale) } : null;
    }
    case "collection": {
      const parsed = collectionSlugSchema.safeParse(slug);
      const page = parsed.success ? await context.useCases.lookbook.getCollectionPage(parsed.data, locale) : null;
      return page ? { title: collectionCardContent(page.collection) } : null;
    }
    default:
      return null;
  }
}

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { kind, file } = params;
  const card = file.length > 120 ? null : parseCardFile(file);
  if (!card) return notFound();
  const { slug, locale } = card;
  const content = await contentOf(kind, slug, locale, context);
  if (!content) return notFound();
  const version = cardVersion("product" in content ? content.product : content.title);
  const current = new URL(request.url).searchParams.get("v") === version;
  const headers = {
    "Content-Type": SOCIAL_CARD.type,
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ETag: `"${version}"`,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("If-None-Match") === headers.ETag) return new Response(null, { status: 304, headers });
  const png = await socialCardPng(`${kind}/${slug}/${locale}/${version}`, content, async (src) => {
    const file = src.startsWith(MEDIA_URL_PREFIX) ? await context.media.open(src.slice(MEDIA_URL_PREFIX.length)) : null;
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Length": String(png.length) } });
}
