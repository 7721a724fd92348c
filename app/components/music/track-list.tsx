import { formatClock, isoLength } from "../../../core/music/rules.ts";
import { PlayControl } from "./play-control.tsx";
import { usePlayer, type QueueSource } from "./player.ts";

/** A playlist's tracks in order: each one plays the list from there (a link to its file without JavaScript). */
export function TrackList({ source }: { source: QueueSource }) {
  const player = usePlayer();
  return (
    <ol className="divide-y divide-line" aria-label={`Tracks of ${source.title}`}>
      {source.tracks.map((t, i) => {
        const current = player.source?.key === source.key && player.index === i;
        return (
          <li key={t.id} className="flex items-center gap-3 py-2" data-testid="track" aria-current={current ? "true" : undefined}>
            <PlayControl source={source} index={i} label="Play" item={`${t.title} by ${t.artist}`} compact />
            <div className="min-w-0 flex-1">
              <p className={`truncate font-semibold ${current ? "text-accent-ink" : ""}`}>
                {i + 1}. {t.title}
              </p>
              <p className="truncate text-sm text-muted">{t.artist}</p>
            </div>
            <time dateTime={isoLength(t.durationMs)} className="text-sm tabular-nums text-muted">
              {formatClock(t.durationMs)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
