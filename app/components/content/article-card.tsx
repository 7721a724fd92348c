import { type Article, formatDuration, isoDuration } from "../../../core/content/index.ts";
import { ActionButton } from "./buttons.tsx";
import { ContentImg } from "./content-image.tsx";
import { Tag } from "./section.tsx";

export function ReadTime({ minutes }: { minutes: number }) {
  return (
    <span className="text-sm font-semibold text-muted">
      <time dateTime={isoDuration(minutes)}>{formatDuration(minutes)}</time> read
    </span>
  );
}

/** An article teaser card: image, category, read time, title, excerpt and Read More. */
export function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-line bg-card" aria-label={article.title}>
      <ContentImg image={article.image} />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="flex flex-wrap items-center gap-3">
          <Tag>{article.category}</Tag>
          <ReadTime minutes={article.readTimeMinutes} />
        </p>
        <h3 className="font-display font-black text-xl leading-tight wrap-break-word sm:text-2xl">{article.title}</h3>
        <p className="flex-1 leading-relaxed text-muted">{article.excerpt}</p>
        <div className="pt-2">
          <ActionButton label="Read More" item={article.title} tone="outline" />
        </div>
      </div>
    </article>
  );
}
