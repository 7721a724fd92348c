import { useSyncExternalStore } from "react";
import { nextIndex, previousIndex } from "../../../core/music/rules.ts";

/**
 * The site's one audio player: a queue of tracks played through the <audio> element the root layout
 * renders (so playback goes on across client-side page changes), with lock-screen controls through the
 * Media Session API. Kept small and free of UI: it loads on every page; the mini player's UI is loaded
 * only once something plays.
 */

export interface QueueTrack {
  id: number;
  title: string;
  artist: string;
  url: string;
  durationMs: number;
}

export interface QueueSource {
  /** The playlist's slug: which list is playing. */
  key: string;
  title: string;
  cover: string;
  tracks: QueueTrack[];
}

export interface PlayerState {
  source: QueueSource | null;
  index: number;
  playing: boolean;
  /** Seconds. */
  time: number;
  duration: number;
}

const IDLE: PlayerState = { source: null, index: 0, playing: false, time: 0, duration: 0 };
let state: PlayerState = IDLE;
let audio: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();

function set(patch: Partial<PlayerState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePlayer(): PlayerState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
}

export function currentTrack(s: PlayerState = state): QueueTrack | null {
  return s.source?.tracks[s.index] ?? null;
}

function mediaSession(): MediaSession | null {
  return typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : null;
}

function updateSessionPosition() {
  const session = mediaSession();
  if (!session || !audio || !Number.isFinite(audio.duration) || audio.duration <= 0) return;
  try {
    session.setPositionState({ duration: audio.duration, position: Math.min(audio.currentTime, audio.duration), playbackRate: audio.playbackRate || 1 });
  } catch {
    // A position the browser finds inconsistent (mid-load) is skipped; the next update corrects it.
  }
}

function load(index: number, autoplay: boolean) {
  const source = state.source;
  const track = source?.tracks[index];
  if (!audio || !source || !track) return;
  set({ index, time: 0, duration: track.durationMs / 1000 });
  audio.src = track.url;
  const session = mediaSession();
  if (session && typeof MediaMetadata !== "undefined") {
    session.metadata = new MediaMetadata({
      title: track.title,
      artist: track.artist,
      album: source.title,
      artwork: [{ src: new URL(source.cover, location.href).href, sizes: "600x600", type: source.cover.endsWith(".svg") ? "image/svg+xml" : "image/webp" }],
    });
  }
  if (autoplay) play();
}

export function play() {
  // play() may be refused (no user gesture, no audio device); the state follows the element's own events.
  audio?.play().catch(() => set({ playing: false }));
}

export function pause() {
  audio?.pause();
}

export function toggle() {
  if (!audio) return;
  if (audio.paused) play();
  else pause();
}

/** Plays a playlist from one of its tracks (the first by default); the same track again just resumes. */
export function playSource(source: QueueSource, index = 0) {
  if (state.source?.key === source.key && state.index === index && audio?.src) {
    play();
    return;
  }
  set({ source });
  load(index, true);
}

export function next() {
  const i = nextIndex(state.index, state.source?.tracks.length ?? 0);
  if (i !== null) load(i, true);
}

export function previous() {
  const i = previousIndex(state.index, audio?.currentTime ?? 0);
  if (i === state.index && audio) {
    audio.currentTime = 0;
    return;
  }
  load(i, true);
}

export function seek(seconds: number) {
  if (!audio || !Number.isFinite(seconds)) return;
  const end = Number.isFinite(audio.duration) ? audio.duration : state.duration;
  audio.currentTime = Math.max(0, Math.min(seconds, end || seconds));
  set({ time: audio.currentTime });
  updateSessionPosition();
}

/** Stops and closes the player. */
export function stop() {
  if (audio) {
    audio.pause();
    audio.removeAttribute("src");
    audio.load();
  }
  const session = mediaSession();
  if (session) session.metadata = null;
  set(IDLE);
}

/** The root layout's <audio> element hands itself over here once, when it is mounted. */
export function attachAudio(element: HTMLAudioElement | null) {
  if (!element || element === audio) return;
  audio = element;
  element.addEventListener("play", () => set({ playing: true }));
  element.addEventListener("pause", () => set({ playing: false }));
  element.addEventListener("timeupdate", () => {
    set({ time: element.currentTime });
    updateSessionPosition();
  });
  element.addEventListener("durationchange", () => {
    if (Number.isFinite(element.duration) && element.duration > 0) set({ duration: element.duration });
  });
  element.addEventListener("ended", () => {
    if (nextIndex(state.index, state.source?.tracks.length ?? 0) === null) set({ playing: false, time: 0 });
    else next();
  });
  const session = mediaSession();
  if (session) {
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => play()],
      ["pause", () => pause()],
      ["previoustrack", () => previous()],
      ["nexttrack", () => next()],
      ["seekto", (details) => seek(details.seekTime ?? 0)],
      ["seekbackward", (details) => seek(element.currentTime - (details.seekOffset ?? 10))],
      ["seekforward", (details) => seek(element.currentTime + (details.seekOffset ?? 10))],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }
}
