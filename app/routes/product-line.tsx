import { renderToStaticMarkup } from "react-dom/server";
import { redirect } from "react-router";
import { slugSchema } from "../../core/catalog/index.ts";
import { QUEUE_POLL_MS } from "../../core/queue/index.ts";
import { intlFor, localePath, type MessageId } from "../i18n/index.ts";
import { INTL_TAG } from "../../core/shared/locale.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { languageRedirect, localizeText, requestLocale } from "../lib/i18n.server.ts";
import { joinForPage } from "../lib/queue.server.ts";
import { signedInAccountId } from "../lib/session.server.ts";
import { WaitingPage, type CountText, type WaitingPageProps } from "../components/product/waiting-page.tsx";
import type { Route } from "./+types/product-line";

/*
 * A drop's waiting page (ADR 0034, addendum of 2026-12-01). The server answers a product page with it, at
 * the product's own address, for a visitor who should wait in the drop's line (server/lines.ts decides from
 * its picture of the line and the visitor's signed place): it takes or keeps the visitor's place (a new place
 * counts against the join limits) and shows it, without the store's frame, its loaders or its app, so that a
 * crowd waiting costs the stores little. Let in, the visitor is sent to the product page (the cookie now says
 * so); a drop no longer in line (sold out, switched off) sends them there too.
 */

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  if (!slug.success) throw new Response("Not found", { status: 404, headers: noStore });
  const locale = requestLocale(request);
  const url = new URL(request.url);
  const productHref = localePath(`/shop/${slug.data}`, locale) + url.search;
  const line = await context.lines.lineOf(slug.data);
  if (!line || line.soldOut) return redirect(productHref, { status: 303, headers: noStore });
  const moved = await languageRedirect(request, null);
  if (moved) return moved;

  const intl = intlFor(locale);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const accountId = await signedInAccountId(request, context);
  const page = (status: number, body: WaitingPageProps["body"], heading: string, setCookie: string | null, poll: boolean) => {
    const props: WaitingPageProps = {
      lang: locale,
      title: `${t("shop.queue.title", { name: line.name })} | East Harlem`,
      stylesheets: context.stylesheets,
      nonce: context.nonce,
      skipLink: t("layout.skipToContent"),
      homeLabel: t("nav.home"),
      homeHref: localePath("/", locale),
      productName: line.name,
      productHref,
      heading,
      body,
      check: t("shop.queue.check"),
      ...(poll
        ? {
            poll: {
              statusHref: localePath(`/shop/${slug.data}/queue`, locale),
              everyMs: QUEUE_POLL_MS,
              texts: { locale: INTL_TAG[locale], position: countText(t, "shop.queue.position", "position"), ahead: countText(t, "shop.queue.ahead", "count"), estimate: countText(t, "shop.queue.estimate", "minutes") },
            },
          }
        : {}),
    };
    // A few kilobytes, sent as they are: a compressor set up per answer would cost more than the page (no-transform).
    const headers = new Headers({ "Cache-Control": "private, no-store, no-transform", "Content-Type": "text/html; charset=utf-8", "Content-Language": locale });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return new Response(`<!DOCTYPE html>${renderToStaticMarkup(<WaitingPage {...props} />)}`, { status, headers });
  };

  let joined: Awaited<ReturnType<typeof joinForPage>>;
  try {
    // While others wait, this process's picture moves the line (server/lines.ts); an empty line lets in at once.
    joined = await joinForPage(request, context, line.productId, accountId, { admit: line.waiting.length === 0 });
  } catch (error) {
    const refused = expectDomainError(error);
    // Off sale or switched off since the picture was taken: the product page says what there is.
    if (refused.code === "queue.not_queued") {
      await context.lines.refresh();
      return redirect(productHref, { status: 303, headers: noStore });
    }
    const signIn = refused.code === "queue.sign_in_required" ? { label: t("nav.signIn"), href: `${localePath("/login", locale)}?redirectTo=${encodeURIComponent(productHref)}` } : undefined;
    return page(refused.status, { kind: "refused", message: localizeText(request, refused.message), ...(signIn ? { signIn } : {}) }, t("shop.queue.refusedHeading"), null, false);
  }
  const { status, setCookie } = joined;
  if (status.state === "admitted") {
    // The cookie now says the place is let in: the product's address shows the product page.
    const headers = new Headers(noStore);
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return redirect(productHref, { status: 303, headers });
  }
  if (status.state !== "waiting") return page(200, { kind: "refused", message: t("shop.queue.expired") }, t("shop.queue.refusedHeading"), setCookie, false);
  const body = {
    kind: "waiting" as const,
    position: t("shop.queue.position", { position: status.position }),
    ahead: t("shop.queue.ahead", { count: status.ahead }),
    estimate: t("shop.queue.estimate", { minutes: status.estimateMinutes }),
    note: t("shop.queue.note"),
  };
  return page(200, body, t("shop.queue.heading"), setCookie, true);
}

/**
 * A text with a count, for the page's script to fill in as the count changes: the text for exactly 0, for
 * one and for more (`#` where the number goes), as the language's own plural forms write them.
 */
function countText(t: (id: MessageId, values?: Record<string, string | number>) => string, id: MessageId, name: string): CountText {
  const at = (n: number, shown: string) => t(id, { [name]: n }).split(shown).join("#");
  const zero = t(id, { [name]: 0 });
  return { ...(zero.includes("0") ? {} : { zero }), one: at(1, "1"), other: at(7, "7") };
}
