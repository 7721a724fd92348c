import { data } from "react-router";
import type { PlaylistView } from "../../core/music/index.ts";
import { isoLength } from "../../core/music/rules.ts";
import { metaIntl, useT } from "../i18n/index.ts";
import { ContentImg } from "../components/content/content-image.tsx";
import { EventCard } from "../components/content/event-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { PlaylistCard } from "../components/content/playlist-card.tsx";
import { Section } from "../components/content/section.tsx";
import { loadUpcomingEvent } from "../lib/events.server.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import { PlayControl } from "../components/music/play-control.tsx";
import { seek, usePlayer, type QueueSource } from "../components/music/player.ts";
import { SeekBar } from "../components/music/seek-bar.tsx";
import { useLength } from "../components/music/length.ts";
import { TrackList } from "../components/music/track-list.tsx";
import type { Route } from "./+types/music";
import { pageSocialMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  const description = intl.formatMessage({ id: "music.meta.description" });
  return [
    { title: intl.formatMessage({ id: "music.meta.title" }) },
    { name: "description", content: description },
    ...pageSocialMeta(matches, "music", intl.formatMessage({ id: "nav.music" }), description),
  ];
};

/** The playlists and their tracks, and the next upcoming ticketed event, from the database, in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const [page, event] = await Promise.all([context.useCases.music.musicPage(locale), loadUpcomingEvent(context, "tickets", locale)]);
  return data({ ...page, event }, { headers: { "Cache-Control": "no-cache" } });
}

/** A playlist as the player queues it. */
function sourceOf(p: PlaylistView): QueueSource {
  return {
    key: p.slug,
    title: p.title,
    cover: p.cover.src,
    tracks: p.tracks.map((t) => ({ id: t.id, title: t.title, artist: t.artist, url: t.url, durationMs: t.durationMs })),
  };
}

/** The featured mix's progress: the playing track's slider while the mix plays, an empty bar before. */
function MixProgress({ source, name }: { source: QueueSource; name: string }) {
  const t = useT();
  const length = useLength();
  const player = usePlayer();
  const active = player.source?.key === source.key;
  if (active) {
    const track = source.tracks[player.index];
    return (
      <div data-testid="mix-progress">
        <p className="mb-1 text-sm font-semibold" aria-live="polite">
          {t("music.nowPlaying", { title: track?.title })} <span className="text-muted">{t("music.byArtist", { artist: track?.artist })}</span>
        </p>
        <SeekBar label={t("music.seekIn", { title: track?.title ?? name })} time={player.time} duration={player.duration} onSeek={seek} className="text-sm text-muted" />
      </div>
    );
  }
  const first = source.tracks[0]!;
  return (
    <div>
      <progress
        value={0}
        max={Math.max(1, Math.round(first.durationMs / 1000))}
        aria-label={t("music.progress", { name })}
        className="block h-2.5 w-full appearance-none overflow-hidden rounded-full border border-muted bg-paper [&::-moz-progress-bar]:bg-gold [&::-webkit-progress-bar]:bg-paper [&::-webkit-progress-value]:bg-gold"
      />
      <p className="mt-2 flex justify-between text-sm tabular-nums text-muted" aria-hidden="true">
        <span>0:00</span>
        <span>{length(source.tracks.reduce((n, track) => n + track.durationMs, 0))}</span>
      </p>
    </div>
  );
}

function FeaturedMix({ mix }: { mix: PlaylistView }) {
  const t = useT();
  const length = useLength();
  const source = sourceOf(mix);
  const mixName = mix.label ? `${mix.label}: ${mix.title}` : mix.title;
  return (
    <article
      aria-label={mixName}
      className="grid overflow-hidden rounded-lg border border-line bg-card md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
    >
      <ContentImg image={mix.cover} priority sizes="(min-width: 768px) 40vw, 100vw" className="aspect-square object-cover" />
      <div className="flex min-w-0 flex-col justify-center gap-5 p-6 sm:p-10">
        <h3 className="font-display font-black wrap-break-word">
          {mix.label ? <span className="block text-5xl leading-none text-accent-ink sm:text-6xl">{mix.label}</span> : null}
          <span className="mt-3 block text-2xl leading-tight sm:text-4xl">{mix.title}</span>
        </h3>
        <p className="max-w-prose text-lg leading-relaxed text-muted">{mix.description}</p>
        <div className="flex flex-wrap items-center gap-4">
          <PlayControl source={source} label={t("music.play")} item={mixName} />
          <span className="text-sm font-semibold text-muted" data-testid="mix-length">
            {t("music.trackCount", { count: mix.trackCount })} · <time dateTime={isoLength(mix.durationMs)}>{length(mix.durationMs)}</time>
            {` ${t("music.mix.suffix")}`}
          </span>
        </div>
        <MixProgress source={source} name={mixName} />
        <details>
          <summary className="cursor-pointer py-2 text-sm font-semibold underline">{t("music.trackList")}</summary>
          <TrackList source={source} />
        </details>
      </div>
    </article>
  );
}

export default function Music({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { featured, playlists } = loaderData;
  return (
    <>
      <PageIntro eyebrow={t("music.intro.eyebrow")} title={t("music.intro.title")} lede={t("music.intro.lede")} />

      {featured ? (
        <Section id="featured-mix" title={t("music.featured.title")}>
          <FeaturedMix mix={featured} />
        </Section>
      ) : null}

      {playlists.length > 0 ? (
        <Section id="playlists" eyebrow={t("music.playlists.eyebrow")} title={t("music.playlists.title")} flush>
          <ul className="grid gap-6 md:grid-cols-3">
            {playlists.map((p) => (
              <li key={p.id} className="flex">
                <PlaylistCard playlist={{ ...p, source: sourceOf(p) }} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="upcoming-event" eyebrow={t("events.upcoming.eyebrow")} title={t("events.upcoming.title")} flush>
        <EventCard event={loaderData.event} />
      </Section>
    </>
  );
}
