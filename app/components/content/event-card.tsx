import { Link, useLocale, useT } from "../../i18n/index.ts";
import type { ContentImage } from "../../../core/content/index.ts";
import { eventMonthDay, eventTime } from "../../lib/event-dates.ts";
import { buttonClass } from "./buttons.tsx";
import { ContentImg } from "./content-image.tsx";
import { Tag } from "./section.tsx";

/** An event as its card shows it (from the events table, app/lib/events.server.ts). */
export interface EventCardData {
  slug: string;
  title: string;
  kind: string;
  timeLabel: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  description: string;
  poster: ContentImage;
  /** Its call to action ("Get Tickets" or "RSVP Now"), leading to the event's page. */
  mode: "tickets" | "rsvp";
}

/** One upcoming event: poster, date, time range, venue and its call to action; or a line saying none is planned. */
export function EventCard({ event }: { event: EventCardData | null }) {
  const t = useT();
  const locale = useLocale();
  if (!event) {
    return <p className="rounded-lg border border-line bg-card p-6 text-lg">{t("events.card.none")}</p>;
  }
  return (
    <article className="grid overflow-hidden rounded-lg bg-black text-white md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" aria-label={event.title}>
      <ContentImg image={event.poster} className="md:h-full md:object-cover" />
      <div className="flex min-w-0 flex-col justify-center gap-5 p-6 sm:p-10">
        <div>
          <Tag>{event.kind}</Tag>
        </div>
        <p className="font-display font-black text-5xl leading-none text-gold sm:text-7xl">
          <time dateTime={event.startsAt}>{eventMonthDay(event.startsAt, locale)}</time>
        </p>
        <h3 className="font-display text-h3 font-black wrap-break-word">{event.title}</h3>
        <dl className="grid gap-3 text-base sm:grid-cols-2">
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider text-white/75">{event.timeLabel}</dt>
            <dd className="mt-1 font-semibold">
              <time dateTime={event.startsAt}>{eventTime(event.startsAt, locale)}</time> - <time dateTime={event.endsAt}>{eventTime(event.endsAt, locale)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider text-white/75">{t("events.where")}</dt>
            <dd className="mt-1 font-semibold">{event.venue}</dd>
          </div>
        </dl>
        <p className="max-w-prose leading-relaxed text-white/85">{event.description}</p>
        <div>
          <Link to={`/events/${event.slug}`} className={buttonClass("gold")}>
            <span>
              {t(event.mode === "tickets" ? "events.card.tickets" : "events.card.rsvp")}
              <span className="sr-only">: {event.title}</span>
            </span>
          </Link>
        </div>
      </div>
    </article>
  );
}
