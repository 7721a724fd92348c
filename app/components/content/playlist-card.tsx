import { isoLength } from "../../../core/music/rules.ts";
import { useT } from "../../i18n/index.ts";
import { useLength } from "../music/length.ts";
import type { ContentImage } from "../../../core/content/index.ts";
import { PlayControl } from "../music/play-control.tsx";
import { ContentImg } from "./content-image.tsx";
import type { QueueSource } from "../music/player.ts";
import { TrackList } from "../music/track-list.tsx";

export interface PlaylistCardData {
  title: string;
  description: string;
  /** The drawn cover (600 x 600) or an uploaded photograph with its srcsets. */
  cover: ContentImage;
  trackCount: number;
  durationMs: number;
  source: QueueSource;
}

/** A playlist: cover, title, description, track count and length (summed from its files), Play Playlist and its tracks. */
export function PlaylistCard({ playlist }: { playlist: PlaylistCardData }) {
  const t = useT();
  const length = useLength();
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-line bg-card" aria-label={playlist.title}>
      <ContentImg image={playlist.cover} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" className="aspect-square object-cover" />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="font-display text-h3 font-black wrap-break-word">{playlist.title}</h3>
        <p className="leading-relaxed text-muted">{playlist.description}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="sr-only">{t("music.card.tracks")}</dt>
            <dd className="font-semibold" data-testid="playlist-track-count">
              {t("music.trackCount", { count: playlist.trackCount })}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">{t("music.card.duration")}</dt>
            <dd className="font-semibold text-muted">
              <time dateTime={isoLength(playlist.durationMs)}>{length(playlist.durationMs)}</time>
            </dd>
          </div>
        </dl>
        <div className="pt-2">
          <PlayControl source={playlist.source} label={t("music.playPlaylist")} item={playlist.title} tone="ink" />
        </div>
        <details className="mt-2 flex-1">
          <summary className="cursor-pointer py-2 text-sm font-semibold underline">{t("music.trackList")}</summary>
          <TrackList source={playlist.source} />
        </details>
      </div>
    </article>
  );
}
