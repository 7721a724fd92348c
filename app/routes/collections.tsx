import { Link, metaIntl, useT } from "../i18n/index.ts";
import { collectionsPage } from "../../core/content/index.ts";
import { ArrowIcon, buttonClass } from "../components/content/buttons.tsx";
import { CollectionCard, collectionHref, useCollectionImage } from "../components/content/collection-card.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { Section, SectionHeading } from "../components/content/section.tsx";
import type { Route } from "./+types/collections";
import { pageSocialMeta } from "../lib/social.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import { guestCache } from "../lib/guest-cache.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { collections: await context.useCases.catalog.listCollections(requestLocale(request)) };
}

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  const title = intl.formatMessage({ id: "shop.collections.title" });
  const description = intl.formatMessage({ id: "shop.collections.meta.description" });
  return [{ title: `${title} | East Harlem` }, { name: "description", content: description }, ...pageSocialMeta(matches, "collections", title, description)];
};

/** The "how it's made" steps (collectionsPage.behindTheDesign.steps), in the page's language. */
const STEPS = [
  { title: "shop.collections.design.walk.title", text: "shop.collections.design.walk.text" },
  { title: "shop.collections.design.sketch.title", text: "shop.collections.design.sketch.text" },
  { title: "shop.collections.design.print.title", text: "shop.collections.design.print.text" },
] as const;
const PARAGRAPHS = ["shop.collections.design.p1", "shop.collections.design.p2"] as const;

export default function Collections({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const imageOf = useCollectionImage();
  const page = collectionsPage;
  const featured = loaderData.collections.find((c) => c.featured);
  const others = loaderData.collections.filter((c) => c !== featured);
  const { behindTheDesign: design } = page;

  return (
    <>
      <PageIntro eyebrow={t("shop.collections.intro.eyebrow")} title={t("shop.collections.title")} lede={t("shop.collections.intro.lede")} />

      {featured ? (
        <section aria-labelledby="featured-collection-title" className="mx-auto max-w-7xl px-4 pt-14 sm:pt-20">
          <div className="grid overflow-hidden rounded-lg bg-black text-white lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <ContentImg
              image={imageOf(featured.slug) ?? { ...page.featuredImage, alt: t("shop.collections.featuredImageAlt") }}
              priority
              className="lg:h-full lg:object-cover"
            />
            <div className="flex min-w-0 flex-col justify-center gap-5 p-6 sm:p-10">
              <p className="text-sm font-bold uppercase tracking-[0.2em] text-gold">{t("shop.collections.featured")}</p>
              <h2 id="featured-collection-title" className="font-display text-h2 font-black wrap-break-word">
                {featured.name}
              </h2>
              {featured.season && !featured.name.includes(featured.season) ? (
                <p className="font-semibold uppercase tracking-wider text-white/80">{featured.season}</p>
              ) : null}
              <p className="text-lg leading-relaxed text-white/90">{featured.description}</p>
              <p className="text-sm font-bold uppercase tracking-wider" data-testid="collection-count">
                {t("shop.collections.items", { count: featured.itemCount })}
              </p>
              <p className="flex flex-wrap gap-3">
                <Link to={collectionHref(featured.slug)} prefetch="intent" className={buttonClass("gold")}>
                  {t("shop.collections.shop")}
                  <span className="sr-only">: {featured.name}</span>
                  <ArrowIcon />
                </Link>
                <Link to={`/collections/${featured.slug}/lookbook`} prefetch="intent" className={buttonClass("light-outline")}>
                  {t("shop.collections.lookbook")}
                  <span className="sr-only">: {featured.name}</span>
                </Link>
              </p>
            </div>
          </div>
        </section>
      ) : null}

      <Section id="all-collections" eyebrow={t("shop.collections.list.eyebrow")} title={t("shop.collections.list.title")}>
        {others.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {others.map((c) => (
              <li key={c.slug} className="flex">
                <CollectionCard collection={c} image={imageOf(c.slug)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-lg text-muted">
            {t("shop.collections.empty")}{" "}
            <Link to="/shop" className="font-semibold text-ink underline underline-offset-4">
              {t("shop.collections.empty.link")}
            </Link>
          </p>
        )}
      </Section>

      <div className="bg-card">
        <section aria-labelledby="behind-the-design-title" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <div className="grid items-center gap-10 md:grid-cols-2 lg:gap-16">
            <div className="min-w-0 md:order-2">
              <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">{t("shop.collections.design.eyebrow")}</p>
              <SectionHeading id="behind-the-design-title">{t("shop.collections.design.title")}</SectionHeading>
              <div className="mt-6 space-y-5 text-lg leading-relaxed">
                {PARAGRAPHS.map((p) => (
                  <p key={p}>{t(p)}</p>
                ))}
              </div>
              <ol className="mt-8 grid gap-4 sm:grid-cols-3">
                {STEPS.map((step, i) => (
                  <li key={step.title} className="border-t-4 border-gold pt-3">
                    <h3 className="font-display text-h3 font-black">
                      <span aria-hidden="true" className="text-muted">{String(i + 1).padStart(2, "0")} </span>
                      {t(step.title)}
                    </h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted">{t(step.text)}</p>
                  </li>
                ))}
              </ol>
            </div>
            <div className="min-w-0">
              <ContentImg image={{ ...design.image, alt: t("shop.collections.design.imageAlt") }} className="rounded-lg" />
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
