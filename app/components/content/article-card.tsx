import { Link, useT } from "../../i18n/index.ts";
import { isoDuration, type ContentImage } from "../../../core/content/index.ts";
import { buttonClass } from "./buttons.tsx";
import { useRichT } from "./rich-text.ts";
import { ContentImg } from "./content-image.tsx";
import { Tag } from "./section.tsx";

/** "45 min read", "1 hr 12 min read"; in Spanish "45 min de lectura", "1 h 12 min de lectura". */
export function ReadTime({ minutes }: { minutes: number }) {
  const t = useT();
  const rich = useRichT();
  const length = t("music.length", { hours: Math.floor(minutes / 60), minutes: minutes % 60, seconds: 0 });
  return <span className="text-sm font-semibold text-muted">{rich("culture.readTime", { duration: <time dateTime={isoDuration(minutes)}>{length}</time> })}</span>;
}

export interface ArticleTeaser {
  slug: string;
  title: string;
  category: string;
  readTimeMinutes: number;
  excerpt: string;
  image: ContentImage;
}

export function articleHref(slug: string): string {
  return `/culture/${slug}`;
}

/** Read More: a link to the story, named with the story's title for screen readers. */
export function ReadMoreLink({ article, tone = "gold" }: { article: Pick<ArticleTeaser, "slug" | "title">; tone?: "gold" | "outline" }) {
  const t = useT();
  return (
    <Link to={articleHref(article.slug)} prefetch="intent" className={buttonClass(tone)}>
      <span>
        {t("culture.readMore")}
        <span className="sr-only">: {article.title}</span>
      </span>
    </Link>
  );
}

/** An article teaser card: image, category, read time, title, excerpt and Read More. */
export function ArticleCard({ article }: { article: ArticleTeaser }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-line bg-card" aria-label={article.title}>
      <ContentImg image={article.image} />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="flex flex-wrap items-center gap-3">
          <Tag>{article.category}</Tag>
          <ReadTime minutes={article.readTimeMinutes} />
        </p>
        <h3 className="font-display text-h3 font-black wrap-break-word">{article.title}</h3>
        <p className="flex-1 leading-relaxed text-muted">{article.excerpt}</p>
        <div className="pt-2">
          <ReadMoreLink article={article} tone="outline" />
        </div>
      </div>
    </article>
  );
}
