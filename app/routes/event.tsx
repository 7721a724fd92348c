import { data, useNavigation } from "react-router";
import { Form, localePath, metaIntl, useLocale, useLocalePath, useT } from "../i18n/index.ts";
import { eventsText, RSVP_THROTTLE, rsvpFormSchema, rsvpThrottleKey } from "../../core/events/index.ts";
import { isPast } from "../../core/events/rules.ts";
import { slugSchema } from "../../core/catalog/index.ts";
import { Field } from "../components/admin/product-form.tsx";
import { inputClass } from "../components/account/page-shell.tsx";
import { buttonClass } from "../components/content/buttons.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { Tag } from "../components/content/section.tsx";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { eventDay, eventTime } from "../lib/event-dates.ts";
import { fieldWords, localizeText, requestLocale } from "../lib/i18n.server.ts";
import { OG_LOCALE } from "../lib/og-locale.ts";
import { getViewer } from "../lib/session.server.ts";
import { Money } from "../components/product/display-currency.tsx";
import type { Route } from "./+types/event";
import { cardPath, eventCardContent, socialImageMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";


export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const locale = requestLocale(request);
  const event = slug.success ? await context.useCases.events.getEventBySlug(slug.data, locale) : null;
  if (!event) throw data(null, { status: 404 });
  const viewer = await getViewer(request, context);
  const { productId: _productId, ...shown } = event;
  return {
    // The shared card is drawn in the page's language: /social/event/<slug>.png or <slug>.es.png.
    card: { path: cardPath("event", event.slug, eventCardContent(event, locale), locale), alt: event.title },
    event: { ...shown, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString() },
    past: isPast(event),
    prefill: viewer ? { name: viewer.name, email: viewer.email } : null,
    baseUrl: context.baseUrl,
    // The page's own address, in its language: /events/<slug> or /es/events/<slug>.
    url: context.baseUrl + localePath(`/events/${event.slug}`, locale),
  };
}

export type RsvpActionResult =
  | { ok: true; outcome: "pending" | "confirmed" | "waitlisted"; email: string }
  | { ok: false; error?: string; fields?: Record<string, string>; values?: Record<string, string> };

export async function action({ params, request, context }: Route.ActionArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const event = slug.success ? await context.useCases.events.getEventBySlug(slug.data, requestLocale(request)) : null;
  if (!event) throw data(null, { status: 404 });
  const fields = await readForm(request);
  const values = { name: fields.name ?? "", email: fields.email ?? "", partySize: fields.partySize ?? "1" };
  if (!(await context.useCases.accounts.consume(rsvpThrottleKey(context.clientIp), RSVP_THROTTLE))) {
    return data<RsvpActionResult>({ ok: false, error: localizeText(request, eventsText("events.error.throttled")), values }, { status: 429, headers: { "Retry-After": "600" } });
  }
  const parsed = rsvpFormSchema.safeParse(fields);
  if (!parsed.success) {
    return data<RsvpActionResult>({ ok: false, fields: fieldWords(request, parsed.error), values }, { status: 400 });
  }
  const viewer = await getViewer(request, context);
  try {
    const outcome = await context.useCases.events.submitRsvp(
      event.id,
      parsed.data,
      viewer ? { userId: viewer.id, email: viewer.email } : null,
      requestLocale(request),
    );
    return { ok: true as const, outcome, email: parsed.data.email };
  } catch (error) {
    const domain = expectDomainError(error);
    const field = typeof domain.details.field === "string" ? domain.details.field : null;
    const message = localizeText(request, domain);
    return data<RsvpActionResult>(field ? { ok: false, fields: { [field]: message }, values } : { ok: false, error: message, values }, { status: domain.status });
  }
}

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const intl = metaIntl(matches);
  if (!d) return [{ title: intl.formatMessage({ id: "events.notFound" }) }];
  const { event, baseUrl, url, card } = d;
  const description = event.description.length > 160 ? `${event.description.slice(0, 157)}...` : event.description;
  return [
    { title: `${event.title} | East Harlem` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    ...OG_LOCALE[intl.locale === "es-US" ? "es" : "en"],
    { property: "og:title", content: event.title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: "East Harlem" },
    ...(card ? socialImageMeta(baseUrl, card.path, card.alt) : []),
  ];
};

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, past, prefill } = loaderData;
  const t = useT();
  const locale = useLocale();
  const localePathOf = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(localePathOf(`/events/${event.slug}`));
  const left = Math.max(0, event.capacity - event.placesTaken);
  const failed = actionData && !actionData.ok ? actionData : null;
  const keep = failed?.values ?? { name: prefill?.name ?? "", email: prefill?.email ?? "", partySize: "1" };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <article className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" aria-labelledby="event-title">
        <ContentImg image={event.picture ?? { src: event.image, width: 800, height: 1000, alt: event.imageAlt }} priority sizes="(min-width: 768px) 40vw, 100vw" className="rounded-lg" />
        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <Tag>{event.kind}</Tag>
          </div>
          <h1 id="event-title" className="font-display text-h1 font-black wrap-break-word">
            {event.title}
          </h1>
          {past ? (
            <p role="status" className="rounded border-2 border-danger px-4 py-3 font-semibold text-danger">
              {t("events.over")} {t(event.mode === "tickets" ? "events.over.tickets" : "events.over.rsvp")}
            </p>
          ) : null}
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-xs font-bold uppercase tracking-wider text-muted">{t("events.when")}</dt>
              <dd className="mt-1 font-semibold">
                <time dateTime={event.startsAt}>{eventDay(event.startsAt, locale)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-bold uppercase tracking-wider text-muted">{event.timeLabel}</dt>
              <dd className="mt-1 font-semibold">
                <time dateTime={event.startsAt}>{eventTime(event.startsAt, locale)}</time> {t("events.time.to")}{" "}
                <time dateTime={event.endsAt}>{eventTime(event.endsAt, locale)}</time> <span className="font-normal text-muted">{t("events.time.zone")}</span>
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-xs font-bold uppercase tracking-wider text-muted">{t("events.where")}</dt>
              <dd className="mt-1 font-semibold">{event.venue}</dd>
            </div>
          </dl>
          <p className="max-w-prose leading-relaxed">{event.description}</p>

          {event.mode === "tickets" ? (
            <section aria-labelledby="tickets-title" className="rounded-lg border border-line bg-card p-5">
              <h2 id="tickets-title" className="font-display text-h2 font-black">
                {t("events.tickets.title")}
              </h2>
              {event.ticketTypes.length === 0 ? <p className="mt-2">{t("events.tickets.soon")}</p> : null}
              <ul className="mt-3 divide-y divide-line">
                {event.ticketTypes.map((type) => {
                  const soldOut = type.available <= 0;
                  const max = Math.min(10, type.available);
                  return (
                    <li key={type.variantId} className="flex flex-wrap items-center justify-between gap-3 py-4" data-testid="ticket-type">
                      <div>
                        <h3 className="text-lg font-bold">{type.name}</h3>
                        <p>
                          <span className="font-semibold">
                            <Money cents={type.priceCents} />
                          </span>
                          <span className="text-muted"> · {soldOut ? t("events.tickets.soldOut") : t("events.tickets.left", { count: String(type.available) })}</span>
                        </p>
                      </div>
                      {past || soldOut ? (
                        <p className="font-semibold text-muted">{t(past ? "events.tickets.closed" : "events.tickets.soldOut")}</p>
                      ) : (
                        <Form method="post" action="/cart" className="flex flex-wrap items-end gap-2">
                          <input type="hidden" name="intent" value="add" />
                          <input type="hidden" name="variantId" value={type.variantId} />
                          <input type="hidden" name="redirectTo" value={localePathOf("/cart")} />
                          <label className="text-sm font-semibold">
                            {t("events.tickets.quantity")} <span className="sr-only">{t("events.tickets.quantityOf", { name: type.name })}</span>
                            <select name="quantity" defaultValue="1" className="mt-1 block h-11 rounded border border-line bg-paper px-2">
                              {Array.from({ length: max }, (_, i) => (
                                <option key={i + 1} value={i + 1}>
                                  {i + 1}
                                </option>
                              ))}
                            </select>
                          </label>
                          <button type="submit" className={buttonClass("gold")}>
                            <span>
                              {t("events.tickets.add")}
                              <span className="sr-only">{t("events.tickets.addWhat", { name: type.name })}</span>
                            </span>
                          </button>
                        </Form>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : (
            <section aria-labelledby="rsvp-title" className="rounded-lg border border-line bg-card p-5">
              <h2 id="rsvp-title" className="font-display text-h2 font-black">
                {t("events.rsvp.title")}
              </h2>
              <p className="mt-1">
                {t("events.rsvp.free")} {left > 0 ? t("events.rsvp.left", { left: String(left), capacity: String(event.capacity) }) : t("events.rsvp.full")}
              </p>
              {actionData?.ok ? (
                <p role="status" className="mt-4 rounded border border-ok px-3 py-2 text-ok">
                  {t(`events.rsvp.${actionData.outcome}`, { email: actionData.email })}
                </p>
              ) : null}
              {failed?.error ? (
                <p role="alert" className="mt-4 rounded border border-danger px-3 py-2 text-danger">
                  {failed.error}
                </p>
              ) : null}
              {past ? null : (
                <Form method="post" className="mt-4 grid gap-4" noValidate>
                  <Field id="rsvp-name" label={t("events.rsvp.name")} error={failed?.fields?.name}>
                    {(aria) => <input {...aria} name="name" autoComplete="name" required maxLength={100} defaultValue={keep.name} className={inputClass} />}
                  </Field>
                  <Field id="rsvp-email" label={t("events.rsvp.email")} error={failed?.fields?.email}>
                    {(aria) => <input {...aria} name="email" type="email" autoComplete="email" required defaultValue={keep.email} className={inputClass} />}
                  </Field>
                  <Field id="rsvp-party" label={t("events.rsvp.partySize")} hint={t("events.rsvp.partyHint", { limit: String(event.partySizeLimit) })} error={failed?.fields?.partySize}>
                    {(aria) => (
                      <select {...aria} name="partySize" defaultValue={keep.partySize} className={`${inputClass} max-w-40`}>
                        {Array.from({ length: event.partySizeLimit }, (_, i) => (
                          <option key={i + 1} value={i + 1}>
                            {i + 1}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <div>
                    <button type="submit" disabled={busy} className={buttonClass("gold")}>
                      {t(left > 0 ? "events.rsvp.submit" : "events.rsvp.join")}
                    </button>
                  </div>
                </Form>
              )}
            </section>
          )}
        </div>
      </article>
    </div>
  );
}
