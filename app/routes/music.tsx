import { formatDuration, isoDuration, music } from "../../core/content/index.ts";
import { ActionButton, PlayIcon } from "../components/content/buttons.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { EventCard } from "../components/content/event-card.tsx";
import { PageIntro } from "../components/content/page-intro.tsx";
import { PlaylistCard } from "../components/content/playlist-card.tsx";
import { Section } from "../components/content/section.tsx";
import type { Route } from "./+types/music";

export const meta: Route.MetaFunction = () => [
  { title: "Music | East Harlem" },
  {
    name: "description",
    content: "Mixes, playlists and live sessions from East Harlem: hear Vol. 1, play Harlem Classics, and get tickets for the next night out.",
  },
];

/** "62" minutes -> "1:02:00". */
function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:00` : `${m}:00`;
}

export default function Music() {
  const { intro, featuredMix: mix, playlists, playlistsTitle, event, eventTitle } = music;
  const mixName = `${mix.volume}: ${mix.title}`;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title} lede={intro.lede} />

      <Section id="featured-mix" title={mix.sectionTitle}>
        <article
          aria-label={mixName}
          className="grid overflow-hidden rounded-lg border border-line bg-card md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
        >
          <ContentImg image={mix.image} priority />
          <div className="flex min-w-0 flex-col justify-center gap-5 p-6 sm:p-10">
            <h3 className="font-display font-black wrap-break-word">
              <span className="block text-5xl leading-none text-accent-ink sm:text-6xl">{mix.volume}</span>
              <span className="mt-3 block text-2xl leading-tight sm:text-4xl">{mix.title}</span>
            </h3>
            <p className="max-w-prose text-lg leading-relaxed text-muted">{mix.description}</p>
            <div className="flex flex-wrap items-center gap-4">
              <ActionButton label="Play" item={mixName} icon={<PlayIcon />} />
              <span className="text-sm font-semibold text-muted">
                <time dateTime={isoDuration(mix.durationMinutes)}>{formatDuration(mix.durationMinutes)}</time> mix
              </span>
            </div>
            <div>
              <progress
                value={0}
                max={mix.durationMinutes * 60}
                aria-label={`Playback progress, ${mixName}`}
                className="block h-2.5 w-full appearance-none overflow-hidden rounded-full border border-muted bg-paper [&::-moz-progress-bar]:bg-gold [&::-webkit-progress-bar]:bg-paper [&::-webkit-progress-value]:bg-gold"
              />
              <p className="mt-2 flex justify-between text-sm tabular-nums text-muted" aria-hidden="true">
                <span>0:00</span>
                <span>{clock(mix.durationMinutes)}</span>
              </p>
            </div>
          </div>
        </article>
      </Section>

      <Section id="playlists" eyebrow="Press Play" title={playlistsTitle} flush>
        <ul className="grid gap-6 md:grid-cols-3">
          {playlists.map((p) => (
            <li key={p.title} className="flex">
              <PlaylistCard playlist={p} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="upcoming-event" eyebrow="Save the Date" title={eventTitle} flush>
        <EventCard event={event} />
      </Section>
    </>
  );
}
