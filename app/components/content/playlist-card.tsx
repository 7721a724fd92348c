import { formatDuration, isoDuration, type Playlist } from "../../../core/content/index.ts";
import { ActionButton, PlayIcon } from "./buttons.tsx";
import { ContentImg } from "./content-image.tsx";

/** A playlist: cover, title, description, track count, duration and Play Playlist. */
export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-line bg-card" aria-label={playlist.title}>
      <ContentImg image={playlist.image} />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="font-display font-black text-2xl leading-tight wrap-break-word">{playlist.title}</h3>
        <p className="flex-1 leading-relaxed text-muted">{playlist.description}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="sr-only">Tracks</dt>
            <dd className="font-semibold">{playlist.tracks} tracks</dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Duration</dt>
            <dd className="font-semibold text-muted">
              <time dateTime={isoDuration(playlist.durationMinutes)}>{formatDuration(playlist.durationMinutes)}</time>
            </dd>
          </div>
        </dl>
        <div className="pt-2">
          <ActionButton label="Play Playlist" item={playlist.title} tone="ink" icon={<PlayIcon />} />
        </div>
      </div>
    </article>
  );
}
