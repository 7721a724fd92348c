import { ArticleCard, ReadMoreLink, ReadTime } from "../components/content/article-card.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { EventCard } from "../components/content/event-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { Section, SectionHeading, Tag } from "../components/content/section.tsx";
import { loadUpcomingEvent } from "../lib/events.server.ts";
import { metaIntl, useT } from "../i18n/index.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import type { Route } from "./+types/culture";
import { pageSocialMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";

/** The published stories, and the next upcoming free event, from the database, in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const [stories, event] = await Promise.all([context.useCases.articles.listPublishedArticles(locale), loadUpcomingEvent(context, "rsvp", locale)]);
  return { stories, event };
}

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  const description = intl.formatMessage({ id: "culture.meta.description" });
  return [
    { title: intl.formatMessage({ id: "culture.meta.title" }) },
    { name: "description", content: description },
    ...pageSocialMeta(matches, "culture", intl.formatMessage({ id: "nav.culture" }), description),
  ];
};

export default function Culture({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { featured, latest: articles } = loaderData.stories;
  return (
    <>
      <PageIntro eyebrow={t("culture.intro.eyebrow")} title={t("culture.intro.title")} lede={t("culture.intro.lede")} />

      {featured ? (
      <section aria-labelledby="featured-article-title" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <article className="grid overflow-hidden rounded-lg border border-line bg-card lg:grid-cols-2">
          <ContentImg image={featured.image} priority className="lg:h-full lg:object-cover" />
          <div className="flex min-w-0 flex-col justify-center gap-5 p-6 sm:p-10">
            <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">{t("culture.featured")}</p>
            <p className="flex flex-wrap items-center gap-3">
              <Tag>{featured.category}</Tag>
              <ReadTime minutes={featured.readTimeMinutes} />
            </p>
            <SectionHeading id="featured-article-title" size="md">
              {featured.title}
            </SectionHeading>
            <p className="text-lg leading-relaxed text-muted">{featured.excerpt}</p>
            <div>
              <ReadMoreLink article={featured} />
            </div>
          </div>
        </article>
      </section>
      ) : null}

      <Section id="articles" eyebrow={t("culture.articles.eyebrow")} title={t("culture.articles.title")} flush>
        <ul className="grid gap-6 md:grid-cols-3">
          {articles.map((a) => (
            <li key={a.slug} className="flex">
              <ArticleCard article={a} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="upcoming-event" eyebrow={t("events.upcoming.eyebrow")} title={t("events.upcoming.title")} flush>
        <EventCard event={loaderData.event} />
      </Section>
    </>
  );
}
