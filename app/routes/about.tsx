import { about } from "../../core/content/index.ts";
import { ContentImg } from "../components/content/content-image.tsx";
import { InfoCardGrid } from "../components/content/info-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { Section, SectionHeading } from "../components/content/section.tsx";
import { metaIntl, useT } from "../i18n/index.ts";
import type { Route } from "./+types/about";
import { pageSocialMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  const description = intl.formatMessage({ id: "about.meta.description" });
  return [
    { title: intl.formatMessage({ id: "about.meta.title" }) },
    { name: "description", content: description },
    ...pageSocialMeta(matches, "about", intl.formatMessage({ id: "nav.about" }), description),
  ];
};

export default function About() {
  const t = useT();
  const values = about.values.map((key) => ({ title: t(`about.values.${key}.title`), text: t(`about.values.${key}.text`) }));
  return (
    <>
      <PageIntro eyebrow={t("about.hero.eyebrow")} title={t("about.hero.title")} lede={t("about.hero.lede")} />

      <section aria-labelledby="story-title" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <div className="grid items-center gap-10 md:grid-cols-2 lg:gap-16">
          <div className="min-w-0">
            <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">{t("about.story.eyebrow")}</p>
            <SectionHeading id="story-title">{t("about.story.title")}</SectionHeading>
            <div className="mt-6 space-y-5 text-lg leading-relaxed">
              {about.storyParagraphs.map((n) => (
                <p key={n}>{t(`about.story.paragraph${n}`)}</p>
              ))}
            </div>
          </div>
          <div className="min-w-0">
            {/* Above the fold on wide screens: not lazy. */}
            <ContentImg image={{ ...about.storyImage, alt: t("about.story.imageAlt") }} priority className="rounded-lg" />
          </div>
        </div>
      </section>

      <Section id="values" eyebrow={t("about.values.eyebrow")} title={t("about.values.title")} className="border-t border-line">
        <InfoCardGrid cards={values} />
      </Section>
    </>
  );
}
