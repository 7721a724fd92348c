import { currentTrack, next, previous, seek, stop, toggle, usePlayer } from "./player.ts";
import { PauseIcon } from "./play-control.tsx";
import { PlayIcon } from "../content/buttons.tsx";
import { SeekBar } from "./seek-bar.tsx";
import { useT } from "../../i18n/index.ts";

const iconButton = "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-40";

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16" className="shrink-0 fill-current">
      <path d={d} />
    </svg>
  );
}

/** Three bars that bounce while music plays; still under prefers-reduced-motion (motion-safe only). */
function Equalizer({ playing }: { playing: boolean }) {
  return (
    <span aria-hidden="true" className="hidden h-4 items-end gap-0.5 sm:flex" data-testid="equalizer">
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className={`w-1 origin-bottom rounded-sm bg-gold ${playing ? "motion-safe:animate-[eq_0.9s_ease-in-out_infinite]" : ""}`}
          style={{ height: `${[60, 100, 40][i]}%`, animationDelay: `${i * 0.2}s` }}
        />
      ))}
    </span>
  );
}

/** The bar at the foot of every page while something plays: what it is, and its controls. */
export default function MiniPlayer() {
  const t = useT();
  const player = usePlayer();
  const track = currentTrack(player);
  if (!player.source || !track) return null;
  const count = player.source.tracks.length;
  return (
    <>
      {/* Keeps the page's end clear of the fixed bar. */}
      <div aria-hidden="true" className="h-36 sm:h-24" />
      <section
        aria-label={t("music.player.label")}
        data-testid="mini-player"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-white/20 bg-[#111111] text-white shadow-[0_-4px_16px_rgba(0,0,0,0.3)]"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 sm:flex-nowrap">
          <div className="flex min-w-0 flex-1 items-center gap-3 sm:w-64 sm:flex-none">
            <img src={player.source.cover} alt="" width={44} height={44} className="h-11 w-11 shrink-0 rounded object-cover" />
            <div className="min-w-0" aria-live="polite">
              <p className="truncate text-sm font-semibold" data-testid="mini-player-title">
                {track.title}
              </p>
              <p className="truncate text-xs text-white/80">
                {track.artist} · {player.source.title} ({player.index + 1}/{count})
              </p>
            </div>
            <Equalizer playing={player.playing} />
          </div>
          <div className="flex items-center">
            <button type="button" className={iconButton} onClick={previous} aria-label={t("music.player.previous")}>
              <Icon d="M3 2.5h2v11H3zM13.2 2.6a.5.5 0 0 1 .8.4v10a.5.5 0 0 1-.8.4L6.5 8.4a.5.5 0 0 1 0-.8z" />
            </button>
            <button type="button" className={`${iconButton} bg-gold text-black hover:bg-[#ffc933]`} onClick={toggle} aria-label={t(player.playing ? "music.pause" : "music.play")}>
              {player.playing ? <PauseIcon /> : <PlayIcon />}
            </button>
            <button type="button" className={iconButton} onClick={next} disabled={player.index + 1 >= count} aria-label={t("music.player.next")}>
              <Icon d="M11 2.5h2v11h-2zM2.8 2.6a.5.5 0 0 0-.8.4v10a.5.5 0 0 0 .8.4l6.7-5a.5.5 0 0 0 0-.8z" />
            </button>
          </div>
          <SeekBar label={t("music.seekIn", { title: track.title })} time={player.time} duration={player.duration} onSeek={seek} className="order-last w-full sm:order-none sm:w-auto sm:flex-1" />
          <button type="button" className={iconButton} onClick={stop} aria-label={t("music.player.close")}>
            <Icon d="M3.3 3.3a1 1 0 0 1 1.4 0L8 6.6l3.3-3.3a1 1 0 1 1 1.4 1.4L9.4 8l3.3 3.3a1 1 0 0 1-1.4 1.4L8 9.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L6.6 8 3.3 4.7a1 1 0 0 1 0-1.4z" />
          </button>
        </div>
      </section>
    </>
  );
}
