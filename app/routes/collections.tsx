import { Link } from "../i18n/index.ts";
import { listCollections } from "../../core/catalog/index.ts";
import { collectionsPage, pluralize } from "../../core/content/index.ts";
import { ArrowIcon, buttonClass } from "../components/content/buttons.tsx";
import { CollectionCard, collectionHref } from "../components/content/collection-card.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { Section, SectionHeading } from "../components/content/section.tsx";
import type { Route } from "./+types/collections";
import { baseUrlOf, pageSocialMeta } from "../lib/social.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { collections: await listCollections(context.db) };
}

const DESCRIPTION = "Shop East Harlem by collection: Spring 2024 Urban Renaissance, Street Essentials, Underground Classics and Limited Edition drops.";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: "Collections | East Harlem" },
  { name: "description", content: DESCRIPTION },
  ...pageSocialMeta(baseUrlOf(matches), "collections", "Collections", DESCRIPTION),
];

export default function Collections({ loaderData }: Route.ComponentProps) {
  const page = collectionsPage;
  const featured = loaderData.collections.find((c) => c.featured);
  const others = loaderData.collections.filter((c) => c !== featured);
  const { behindTheDesign: design } = page;

  return (
    <>
      <PageIntro eyebrow={page.intro.eyebrow} title={page.intro.title} lede={page.intro.lede} />

      {featured ? (
        <section aria-labelledby="featured-collection-title" className="mx-auto max-w-7xl px-4 pt-14 sm:pt-20">
          <div className="grid overflow-hidden rounded-lg bg-black text-white lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <ContentImg
              image={page.images[featured.slug] ?? page.featuredImage}
              priority
              className="lg:h-full lg:object-cover"
            />
            <div className="flex min-w-0 flex-col justify-center gap-5 p-6 sm:p-10">
              <p className="text-sm font-bold uppercase tracking-[0.2em] text-gold">{page.featuredEyebrow}</p>
              <h2 id="featured-collection-title" className="font-display text-h2 font-black wrap-break-word">
                {featured.name}
              </h2>
              {featured.season && !featured.name.includes(featured.season) ? (
                <p className="font-semibold uppercase tracking-wider text-white/80">{featured.season}</p>
              ) : null}
              <p className="text-lg leading-relaxed text-white/90">{featured.description}</p>
              <p className="text-sm font-bold uppercase tracking-wider" data-testid="collection-count">
                {pluralize(featured.itemCount, "item")}
              </p>
              <p className="flex flex-wrap gap-3">
                <Link to={collectionHref(featured.slug)} prefetch="intent" className={buttonClass("gold")}>
                  {page.shopAction}
                  <span className="sr-only">: {featured.name}</span>
                  <ArrowIcon />
                </Link>
                <Link to={`/collections/${featured.slug}/lookbook`} prefetch="intent" className={buttonClass("light-outline")}>
                  {page.lookbookAction}
                  <span className="sr-only">: {featured.name}</span>
                </Link>
              </p>
            </div>
          </div>
        </section>
      ) : null}

      <Section id="all-collections" eyebrow="Shop by Collection" title={page.listTitle}>
        {others.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {others.map((c) => (
              <li key={c.slug} className="flex">
                <CollectionCard collection={c} image={page.images[c.slug]} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-lg text-muted">
            {page.emptyText}{" "}
            <Link to="/shop" className="font-semibold text-ink underline underline-offset-4">
              Go to the shop
            </Link>
          </p>
        )}
      </Section>

      <div className="bg-card">
        <section aria-labelledby="behind-the-design-title" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <div className="grid items-center gap-10 md:grid-cols-2 lg:gap-16">
            <div className="min-w-0 md:order-2">
              <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">How It's Made</p>
              <SectionHeading id="behind-the-design-title">{design.title}</SectionHeading>
              <div className="mt-6 space-y-5 text-lg leading-relaxed">
                {design.paragraphs.map((p) => (
                  <p key={p.slice(0, 24)}>{p}</p>
                ))}
              </div>
              <ol className="mt-8 grid gap-4 sm:grid-cols-3">
                {design.steps.map((step, i) => (
                  <li key={step.title} className="border-t-4 border-gold pt-3">
                    <h3 className="font-display text-h3 font-black">
                      <span aria-hidden="true" className="text-muted">{String(i + 1).padStart(2, "0")} </span>
                      {step.title}
                    </h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted">{step.text}</p>
                  </li>
                ))}
              </ol>
            </div>
            <div className="min-w-0">
              <ContentImg image={design.image} className="rounded-lg" />
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
