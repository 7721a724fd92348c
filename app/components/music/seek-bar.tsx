import { formatClock } from "../../../core/music/rules.ts";
import { useT } from "../../i18n/index.ts";

/**
 * Where the track is, as a slider: drag it, click it, or use the arrow keys (5 s), Page Up / Page Down
 * (a tenth) and Home / End. The times beside it are the player's clock.
 */
export function SeekBar({ label, time, duration, onSeek, className = "" }: { label: string; time: number; duration: number; onSeek: (seconds: number) => void; className?: string }) {
  const t = useT();
  const max = Math.max(1, Math.floor(duration));
  const value = Math.min(max, Math.floor(time));
  const percent = (value / max) * 100;
  return (
    <div className={`flex min-w-0 items-center gap-2 text-xs tabular-nums ${className}`}>
      <span aria-hidden="true" data-testid="player-time">
        {formatClock(time * 1000)}
      </span>
      <input
        type="range"
        min={0}
        max={max}
        step={1}
        value={value}
        aria-label={label}
        aria-valuetext={t("music.seek.value", { time: formatClock(time * 1000), duration: formatClock(duration * 1000) })}
        onChange={(e) => onSeek(Number(e.currentTarget.value))}
        onKeyDown={(e) => {
          // Arrows move 5 seconds rather than the slider's 1-second step: a usable stride through a track.
          if (e.key === "ArrowRight" || e.key === "ArrowUp" || e.key === "ArrowLeft" || e.key === "ArrowDown") {
            e.preventDefault();
            const delta = e.key === "ArrowRight" || e.key === "ArrowUp" ? 5 : -5;
            onSeek(Math.max(0, Math.min(max, value + delta)));
          }
        }}
        className="seek-bar h-6 min-w-0 flex-1 cursor-pointer"
        style={{ "--seek": `${percent}%` } as React.CSSProperties}
      />
      <span aria-hidden="true">{formatClock(duration * 1000)}</span>
    </div>
  );
}
