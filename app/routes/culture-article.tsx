import { data } from "react-router";
import { Link, localePath, metaIntl, useLocale, useT } from "../i18n/index.ts";
import { OG_LOCALE } from "../lib/og-locale.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import { articleSlugSchema, renderBody } from "../../core/articles/index.ts";
import { ArticleBody } from "../components/content/article-body.tsx";
import { ReadTime } from "../components/content/article-card.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { Tag } from "../components/content/section.tsx";
import { toCardData, type ProductCardData } from "../components/product/product-card.tsx";
import { storeDate } from "../lib/dates.ts";
import { useNonce } from "../lib/nonce.ts";
import type { Route } from "./+types/culture-article";
import { cardPath, socialImageMeta, storyCardContent } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = articleSlugSchema.safeParse(params.slug);
  const locale = requestLocale(request);
  const article = slug.success ? await context.useCases.articles.getPublishedArticle(slug.data, locale) : null;
  // Drafts and unknown addresses alike: nothing here for shoppers.
  if (!article) throw data(null, { status: 404 });
  // The shared card is drawn in the page's language: /social/story/<slug>.png or <slug>.es.png.
  const card = { path: cardPath("story", article.slug, storyCardContent(article), locale), alt: article.title };
  const found = await context.useCases.articles.embeddedProducts(article.body);
  const products: Record<string, ProductCardData> = {};
  for (const [s, p] of found) products[s] = toCardData(p);
  const { body, ...story } = article;
  // The page's own address, in its language: /culture/<slug> or /es/culture/<slug>.
  const url = context.baseUrl + localePath(`/culture/${story.slug}`, locale);
  return { article: story, parts: renderBody(body), products, baseUrl: context.baseUrl, url, card };
}

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const intl = metaIntl(matches);
  if (!d) return [{ title: intl.formatMessage({ id: "culture.article.notFound" }) }];
  const { article, baseUrl, url, card } = d;
  return [
    { title: `${article.title} | East Harlem` },
    { name: "description", content: article.excerpt },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:title", content: article.title },
    { property: "og:description", content: article.excerpt },
    { property: "og:url", content: url },
    { property: "og:site_name", content: "East Harlem" },
    ...OG_LOCALE[intl.locale === "es-US" ? "es" : "en"],
    { property: "article:published_time", content: article.publishedAt ? new Date(article.publishedAt).toISOString() : "" },
    { property: "article:section", content: article.category },
    { name: "twitter:title", content: article.title },
    { name: "twitter:description", content: article.excerpt },
    ...(card ? socialImageMeta(baseUrl, card.path, card.alt) : []),
  ];
};

export default function CultureArticle({ loaderData }: Route.ComponentProps) {
  const { article, parts, products, baseUrl, url } = loaderData;
  const t = useT();
  const locale = useLocale();
  const nonce = useNonce();
  const published = article.publishedAt ? new Date(article.publishedAt) : null;
  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.excerpt,
    image: [`${baseUrl}${article.image.src}`],
    author: { "@type": "Person", name: article.author },
    publisher: { "@type": "Organization", name: "East Harlem", url: baseUrl },
    articleSection: article.category,
    ...(published ? { datePublished: published.toISOString() } : {}),
    dateModified: new Date(article.updatedAt).toISOString(),
    inLanguage: locale === "es" ? "es-US" : "en-US",
    mainEntityOfPage: url,
    url,
  }).replace(/</g, "\\u003c");

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14" aria-labelledby="article-title">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <nav aria-label={t("culture.article.breadcrumb")} className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/culture" className="underline">
              {t("culture.article.culture")}
            </Link>{" "}
            /
          </li>
          <li aria-current="page">{article.title}</li>
        </ol>
      </nav>
      <header className="space-y-4">
        <p className="flex flex-wrap items-center gap-3">
          <Tag>{article.category}</Tag>
          <ReadTime minutes={article.readTimeMinutes} />
        </p>
        <h1 id="article-title" className="font-display text-h1 font-black wrap-break-word">
          {article.title}
        </h1>
        <p className="text-lg leading-relaxed text-muted">{article.excerpt}</p>
        <p className="text-sm font-semibold">
          {t("culture.article.by")} <span data-testid="article-author">{article.author}</span>
          {published ? (
            <>
              {" · "}
              <time dateTime={published.toISOString()}>{storeDate(published, locale)}</time>
            </>
          ) : null}
        </p>
      </header>
      <div className="my-8 overflow-hidden rounded-lg">
        <ContentImg image={article.image} priority />
      </div>
      <ArticleBody parts={parts} products={products} />
      <p className="mt-12 border-t border-line pt-6">
        <Link to="/culture" className="font-semibold underline underline-offset-4">
          {t("culture.article.more")}
        </Link>
      </p>
    </article>
  );
}
