import { about } from "../../core/content/index.ts";
import { ContentImg } from "../components/content/content-image.tsx";
import { InfoCardGrid } from "../components/content/info-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { Section, SectionHeading } from "../components/content/section.tsx";
import type { Route } from "./+types/about";
import { baseUrlOf, pageSocialMeta } from "../lib/social.ts";

const DESCRIPTION = "A hip-hop apparel label from East Harlem, founded in 2024 on authenticity, community and innovation. This is our story.";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: "About | East Harlem" },
  { name: "description", content: DESCRIPTION },
  ...pageSocialMeta(baseUrlOf(matches), "about", "About", DESCRIPTION),
];

export default function About() {
  const { hero, story, values, valuesTitle } = about;
  return (
    <>
      <PageIntro eyebrow={hero.eyebrow} title={hero.title} lede={hero.lede} />

      <section aria-labelledby="story-title" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <div className="grid items-center gap-10 md:grid-cols-2 lg:gap-16">
          <div className="min-w-0">
            <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">East Harlem, NYC</p>
            <SectionHeading id="story-title">{story.title}</SectionHeading>
            <div className="mt-6 space-y-5 text-lg leading-relaxed">
              {story.paragraphs.map((p) => (
                <p key={p.slice(0, 24)}>{p}</p>
              ))}
            </div>
          </div>
          <div className="min-w-0">
            {/* Above the fold on wide screens: not lazy. */}
            <ContentImg image={story.image} priority className="rounded-lg" />
          </div>
        </div>
      </section>

      <Section id="values" eyebrow="Our Values" title={valuesTitle} className="border-t border-line">
        <InfoCardGrid cards={values} />
      </Section>
    </>
  );
}
