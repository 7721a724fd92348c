import { history } from "../../core/content/index.ts";
import { ContentImg } from "../components/content/content-image.tsx";
import { InfoCardGrid } from "../components/content/info-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { Section } from "../components/content/section.tsx";
import { metaIntl, useT } from "../i18n/index.ts";
import type { Route } from "./+types/history";
import { pageSocialMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  const description = intl.formatMessage({ id: "history.meta.description" });
  return [
    { title: intl.formatMessage({ id: "history.meta.title" }) },
    { name: "description", content: description },
    ...pageSocialMeta(matches, "history", intl.formatMessage({ id: "nav.history" }), description),
  ];
};

export default function History() {
  const t = useT();
  const impact = history.impact.map((key) => ({ title: t(`history.impact.${key}.title`), text: t(`history.impact.${key}.text`) }));
  return (
    <>
      <PageIntro eyebrow={t("history.intro.eyebrow")} title={t("history.intro.title")} lede={t("history.intro.lede")} />

      <Section id="timeline" eyebrow={t("history.timeline.eyebrow")} title={t("history.timeline.title")}>
        <ol className="space-y-16 sm:space-y-24">
          {history.timeline.map(({ decade, image }, i) => (
            <li key={decade} className="grid items-center gap-8 md:grid-cols-2 lg:gap-16">
              <div className={`min-w-0 ${i % 2 === 1 ? "md:order-2" : ""}`}>
                <ContentImg image={{ ...image, alt: t(`history.decade.${decade}.imageAlt`) }} priority={i === 0} className="rounded-lg" />
              </div>
              <div className="min-w-0">
                <h3 className="font-display font-black wrap-break-word">
                  <span className="block text-6xl leading-none normal-case text-accent-ink sm:text-7xl">{t(`history.decade.${decade}.label`)}</span>
                  <span className="mt-3 block text-2xl leading-tight sm:text-3xl">{t(`history.decade.${decade}.title`)}</span>
                </h3>
                <p className="mt-5 text-lg leading-relaxed">{t(`history.decade.${decade}.description`)}</p>
                <p className="mt-6 border-l-4 border-gold pl-4 font-semibold italic text-muted">{t(`history.decade.${decade}.note`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <div className="bg-black text-white">
        <figure className="mx-auto max-w-5xl px-4 py-16 sm:py-24">
          <span aria-hidden="true" className="font-display font-black block text-8xl leading-[0.6] text-gold">
            &ldquo;
          </span>
          <blockquote className="font-display font-black mt-6 text-2xl leading-tight wrap-break-word sm:text-4xl lg:text-5xl">
            <p>{t("history.quote.text")}</p>
          </blockquote>
          <figcaption className="mt-8 text-lg">
            <span className="font-bold">{t("history.quote.attribution")}</span>
            <span className="text-white/80">, {t("history.quote.context")}</span>
          </figcaption>
        </figure>
      </div>

      <Section id="impact" eyebrow={t("history.impact.eyebrow")} title={t("history.impact.title")} lede={t("history.impact.lede")}>
        <InfoCardGrid cards={impact} columns={4} />
      </Section>
    </>
  );
}
