import { Link } from "../../i18n/index.ts";
import { formatDuration, isoDuration, type ContentImage } from "../../../core/content/index.ts";
import { buttonClass } from "./buttons.tsx";
import { ContentImg } from "./content-image.tsx";
import { Tag } from "./section.tsx";

export function ReadTime({ minutes }: { minutes: number }) {
  return (
    <span className="text-sm font-semibold text-muted">
      <time dateTime={isoDuration(minutes)}>{formatDuration(minutes)}</time> read
    </span>
  );
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
  return (
    <Link to={articleHref(article.slug)} prefetch="intent" className={buttonClass(tone)}>
      <span>
        Read More
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
