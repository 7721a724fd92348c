import type { UpcomingEvent } from "../../../core/content/index.ts";
import { ActionButton } from "./buttons.tsx";
import { ContentImg } from "./content-image.tsx";
import { Tag } from "./section.tsx";

/** One upcoming event: poster, date, time range, venue and its call to action. */
export function EventCard({ event }: { event: UpcomingEvent }) {
  return (
    <article className="grid overflow-hidden rounded-lg bg-black text-white md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" aria-label={event.title}>
      <ContentImg image={event.poster} className="md:h-full md:object-cover" />
      <div className="flex min-w-0 flex-col justify-center gap-5 p-6 sm:p-10">
        <div>
          <Tag>{event.kind}</Tag>
        </div>
        <p className="font-display font-black text-5xl leading-none text-gold sm:text-7xl">
          <time dateTime={event.date}>{event.dateLabel}</time>
        </p>
        <h3 className="font-display font-black text-2xl wrap-break-word sm:text-3xl">{event.title}</h3>
        <dl className="grid gap-3 text-base sm:grid-cols-2">
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider text-white/75">{event.timeLabel}</dt>
            <dd className="mt-1 font-semibold">
              <time dateTime={event.time.start}>{event.time.startLabel}</time> -{" "}
              <time dateTime={event.time.end}>{event.time.endLabel}</time>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-bold uppercase tracking-wider text-white/75">Where</dt>
            <dd className="mt-1 font-semibold">{event.venue}</dd>
          </div>
        </dl>
        <p className="max-w-prose leading-relaxed text-white/85">{event.description}</p>
        <div>
          <ActionButton label={event.action} item={event.title} />
        </div>
      </div>
    </article>
  );
}
