import { Link, metaIntl, useT } from "../i18n/index.ts";
import { home } from "../../core/content/index.ts";
import { ArrowIcon, buttonClass } from "../components/content/buttons.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { Section, SectionHeading } from "../components/content/section.tsx";
import type { Route } from "./+types/home";
import { pageSocialMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  const description = intl.formatMessage({ id: "home.meta.description" });
  return [
    { title: intl.formatMessage({ id: "home.meta.title" }) },
    { name: "description", content: description },
    ...pageSocialMeta(matches, "home", intl.formatMessage({ id: "home.hero.tagline" }), description),
  ];
};

export default function Home() {
  const t = useT();
  const { hero, teasers } = home;
  return (
    <>
      <div className="relative isolate overflow-hidden bg-black text-white">
        <ContentImg image={hero.image} priority fill className="-z-20" />
        {/* Two layers of black keep white text above 4.5:1 even over a white pixel of the artwork. */}
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-black/55" />
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-t from-black/80 via-black/30 to-transparent" />
        <div className="mx-auto flex min-h-[30rem] max-w-7xl flex-col justify-end px-4 pb-14 pt-24 sm:min-h-[38rem] sm:pb-20 lg:min-h-[44rem]">
          <p className="text-sm font-bold uppercase tracking-[0.25em] text-gold">{t("home.hero.eyebrow")}</p>
          <h1 className="font-display text-hero font-black mt-4 wrap-break-word">{hero.word}</h1>
          <p className="font-display font-black mt-5 text-xl leading-tight sm:text-3xl">{t("home.hero.tagline")}</p>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-white/90">{t("home.hero.lede")}</p>
          <p className="mt-8 flex flex-wrap gap-3">
            <Link to="/shop" prefetch="intent" className={buttonClass("gold")}>
              {t("home.hero.shop")} <ArrowIcon />
            </Link>
            <Link to="/about" prefetch="intent" className={buttonClass("light-outline")}>
              {t("home.hero.story")}
            </Link>
          </p>
        </div>
      </div>

      <Section id="explore" eyebrow={t("home.explore.eyebrow")} title={t("home.explore.title")}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {teasers.map((teaser, i) => (
            <li key={teaser.to} className="group relative flex flex-col rounded-lg border border-line bg-card p-6 transition-colors hover:border-ink">
              <span aria-hidden="true" className="font-display font-black text-4xl leading-none text-muted">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="font-display text-h3 font-black mt-6">
                {/* The link stretches over the whole card; its name is the page's name. */}
                <Link to={teaser.to} prefetch="intent" className="after:absolute after:inset-0 after:rounded-lg after:content-['']">
                  {t(`home.teaser.${teaser.key}.title`)}
                </Link>
              </h3>
              <span aria-hidden="true" className="mt-3 block h-1 w-10 bg-gold transition-all group-hover:w-20" />
              <p className="mt-4 flex-1 leading-relaxed text-muted">{t(`home.teaser.${teaser.key}.text`)}</p>
              <span aria-hidden="true" className="mt-6 inline-flex items-center gap-2 text-sm font-bold uppercase tracking-wider">
                {t("home.explore.eyebrow")} <ArrowIcon />
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="statement-title" className="bg-ink text-paper">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:py-20 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-end">
          <SectionHeading id="statement-title" size="xl">
            {t("home.statement.title")}
          </SectionHeading>
          <div>
            <p className="text-lg leading-relaxed opacity-90">{t("home.statement.text")}</p>
            <p className="mt-6">
              <Link to="/collections" prefetch="intent" className={buttonClass("gold")}>
                {t("home.statement.collections")} <ArrowIcon />
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
