import { formatClock, isoLength } from "../../../core/music/rules.ts";
import { useT } from "../../i18n/index.ts";
import { PlayControl } from "./play-control.tsx";
import { usePlayer, type QueueSource } from "./player.ts";

/** A playlist's tracks in order: each one plays the list from there (a link to its file without JavaScript). */
export function TrackList({ source }: { source: QueueSource }) {
  const t = useT();
  const player = usePlayer();
  return (
    <ol className="divide-y divide-line" aria-label={t("music.tracksOf", { title: source.title })}>
      {source.tracks.map((track, i) => {
        const current = player.source?.key === source.key && player.index === i;
        return (
          <li key={track.id} className="flex items-center gap-3 py-2" data-testid="track" aria-current={current ? "true" : undefined}>
            <PlayControl source={source} index={i} label={t("music.play")} item={t("music.trackBy", { title: track.title, artist: track.artist })} compact />
            <div className="min-w-0 flex-1">
              <p className={`truncate font-semibold ${current ? "text-accent-ink" : ""}`}>
                {i + 1}. {track.title}
              </p>
              <p className="truncate text-sm text-muted">{track.artist}</p>
            </div>
            <time dateTime={isoLength(track.durationMs)} className="text-sm tabular-nums text-muted">
              {formatClock(track.durationMs)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
