import { data } from "react-router";
import { music } from "../../core/content/index.ts";
import { musicPage, type PlaylistView } from "../../core/music/index.ts";
import { formatLength, isoLength, trackCount } from "../../core/music/rules.ts";
import { ContentImg } from "../components/content/content-image.tsx";
import { EventCard } from "../components/content/event-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { PlaylistCard } from "../components/content/playlist-card.tsx";
import { Section } from "../components/content/section.tsx";
import { loadUpcomingEvent } from "../lib/events.server.ts";
import { PlayControl } from "../components/music/play-control.tsx";
import { seek, usePlayer, type QueueSource } from "../components/music/player.ts";
import { SeekBar } from "../components/music/seek-bar.tsx";
import { TrackList } from "../components/music/track-list.tsx";
import type { Route } from "./+types/music";
import { baseUrlOf, pageSocialMeta } from "../lib/social.ts";

const DESCRIPTION = "Mixes, playlists and live sessions from East Harlem: hear Vol. 1, play Harlem Classics, and get tickets for the next night out.";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: "Music | East Harlem" },
  { name: "description", content: DESCRIPTION },
  ...pageSocialMeta(baseUrlOf(matches), "music", "Music", DESCRIPTION),
];

/** The playlists and their tracks, and the next upcoming ticketed event, from the database. */
export async function loader({ context }: Route.LoaderArgs) {
  const [page, event] = await Promise.all([musicPage(context.db), loadUpcomingEvent(context, "tickets")]);
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
  const player = usePlayer();
  const active = player.source?.key === source.key;
  if (active) {
    const track = source.tracks[player.index];
    return (
      <div data-testid="mix-progress">
        <p className="mb-1 text-sm font-semibold" aria-live="polite">
          Now playing: {track?.title} <span className="text-muted">by {track?.artist}</span>
        </p>
        <SeekBar label={`Seek in ${track?.title ?? name}`} time={player.time} duration={player.duration} onSeek={seek} className="text-sm text-muted" />
      </div>
    );
  }
  const first = source.tracks[0]!;
  return (
    <div>
      <progress
        value={0}
        max={Math.max(1, Math.round(first.durationMs / 1000))}
        aria-label={`Playback progress, ${name}`}
        className="block h-2.5 w-full appearance-none overflow-hidden rounded-full border border-muted bg-paper [&::-moz-progress-bar]:bg-gold [&::-webkit-progress-bar]:bg-paper [&::-webkit-progress-value]:bg-gold"
      />
      <p className="mt-2 flex justify-between text-sm tabular-nums text-muted" aria-hidden="true">
        <span>0:00</span>
        <span>{formatLength(source.tracks.reduce((n, t) => n + t.durationMs, 0))}</span>
      </p>
    </div>
  );
}

function FeaturedMix({ mix }: { mix: PlaylistView }) {
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
          <PlayControl source={source} label="Play" item={mixName} />
          <span className="text-sm font-semibold text-muted" data-testid="mix-length">
            {trackCount(mix.trackCount)} · <time dateTime={isoLength(mix.durationMs)}>{formatLength(mix.durationMs)}</time> mix
          </span>
        </div>
        <MixProgress source={source} name={mixName} />
        <details>
          <summary className="cursor-pointer py-2 text-sm font-semibold underline">Track list</summary>
          <TrackList source={source} />
        </details>
      </div>
    </article>
  );
}

export default function Music({ loaderData }: Route.ComponentProps) {
  const { intro, featuredMix, playlistsTitle, eventTitle } = music;
  const { featured, playlists } = loaderData;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title} lede={intro.lede} />

      {featured ? (
        <Section id="featured-mix" title={featuredMix.sectionTitle}>
          <FeaturedMix mix={featured} />
        </Section>
      ) : null}

      {playlists.length > 0 ? (
        <Section id="playlists" eyebrow="Press Play" title={playlistsTitle} flush>
          <ul className="grid gap-6 md:grid-cols-3">
            {playlists.map((p) => (
              <li key={p.id} className="flex">
                <PlaylistCard playlist={{ ...p, source: sourceOf(p) }} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="upcoming-event" eyebrow="Save the Date" title={eventTitle} flush>
        <EventCard event={loaderData.event} />
      </Section>
    </>
  );
}
