import { history } from "../../core/content/index.ts";
import { ContentImg } from "../components/content/content-image.tsx";
import { InfoCardGrid } from "../components/content/info-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { Section } from "../components/content/section.tsx";
import type { Route } from "./+types/history";
import { baseUrlOf, pageSocialMeta } from "../lib/social.ts";

const DESCRIPTION = "Four decades of hip-hop in East Harlem: from 1970s park jams to the golden era, the 1990s renaissance and the culture today.";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: "History | East Harlem" },
  { name: "description", content: DESCRIPTION },
  ...pageSocialMeta(baseUrlOf(matches), "history", "History", DESCRIPTION),
];

export default function History() {
  const { intro, timeline, timelineTitle, quote, impact, impactTitle, impactLede } = history;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title} lede={intro.lede} />

      <Section id="timeline" eyebrow="Timeline" title={timelineTitle}>
        <ol className="space-y-16 sm:space-y-24">
          {timeline.map((entry, i) => (
            <li key={entry.decade} className="grid items-center gap-8 md:grid-cols-2 lg:gap-16">
              <div className={`min-w-0 ${i % 2 === 1 ? "md:order-2" : ""}`}>
                <ContentImg image={entry.image} priority={i === 0} className="rounded-lg" />
              </div>
              <div className="min-w-0">
                <h3 className="font-display font-black wrap-break-word">
                  <span className="block text-6xl leading-none normal-case text-accent-ink sm:text-7xl">{entry.decade}</span>
                  <span className="mt-3 block text-2xl leading-tight sm:text-3xl">{entry.title}</span>
                </h3>
                <p className="mt-5 text-lg leading-relaxed">{entry.description}</p>
                <p className="mt-6 border-l-4 border-gold pl-4 font-semibold italic text-muted">{entry.note}</p>
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
            <p>{quote.text}</p>
          </blockquote>
          <figcaption className="mt-8 text-lg">
            <span className="font-bold">{quote.attribution}</span>
            <span className="text-white/80">, {quote.context}</span>
          </figcaption>
        </figure>
      </div>

      <Section id="impact" eyebrow="Then and Now" title={impactTitle} lede={impactLede}>
        <InfoCardGrid cards={impact} columns={4} />
      </Section>
    </>
  );
}
