import type { ReactNode } from "react";
import { buttonClass, PlayIcon, type ButtonTone } from "../content/buttons.tsx";
import { useT } from "../../i18n/index.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { pause, playSource, usePlayer, type QueueSource } from "./player.ts";

export function PauseIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16" className="shrink-0 fill-current">
      <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" />
    </svg>
  );
}

/**
 * Plays a playlist from one of its tracks in the site's player, and pauses it while it is the one playing.
 * Before the page's JavaScript runs (or without it) it is a link to the track's file, which the browser
 * plays on its own: never a button that does nothing.
 */
export function PlayControl({
  source,
  index = 0,
  label,
  item,
  tone = "gold",
  compact = false,
  children,
}: {
  source: QueueSource;
  index?: number;
  /** Visible label ("Play", "Play Playlist"). */
  label: string;
  /** What it plays, for the accessible name ("Play Playlist: Harlem Classics"). */
  item: string;
  tone?: ButtonTone;
  /** An icon-only round button (track lists). */
  compact?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const player = usePlayer();
  const track = source.tracks[index];
  if (!track) return null;
  const isCurrent = player.source?.key === source.key && (compact ? player.index === index : true);
  const playingThis = isCurrent && player.playing;
  const className = compact
    ? "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border-2 border-ink text-ink hover:bg-ink hover:text-paper"
    : buttonClass(tone);
  const text = playingThis ? t("music.pause") : label;
  // The same name on the link and on the button it becomes: a tap on the link before the app is alive is
  // replayed on the button (app/lib/app-on-interaction.ts), so it plays here rather than opening the file.
  const action = `play:${source.key}:${compact ? index : "all"}`;
  const content = (
    <>
      {playingThis ? <PauseIcon /> : <PlayIcon />}
      <span className={compact ? "sr-only" : undefined}>{text}</span>
      {children}
    </>
  );
  if (!hydrated) {
    return (
      <a href={track.url} className={className} aria-label={`${text}: ${item}`} type={track.url.endsWith(".mp3") ? "audio/mpeg" : undefined} data-app-action={action}>
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={`${text}: ${item}`}
      aria-pressed={compact ? playingThis : undefined}
      data-app-action={action}
      onClick={() => (playingThis ? pause() : isCurrent && !compact ? playSource(source, player.index) : playSource(source, index))}
    >
      {content}
    </button>
  );
}
