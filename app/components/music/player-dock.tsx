import { lazy, Suspense } from "react";
import { attachAudio, usePlayer } from "./player.ts";

// The mini player's UI is fetched only once something plays: pages where nobody presses Play carry just
// the <audio> element and the small player store.
const MiniPlayer = lazy(() => import("./mini-player.tsx"));

/** In the root layout: the site's <audio> element (it outlives page changes) and, once playing, the mini player. */
export function PlayerDock() {
  const { source } = usePlayer();
  return (
    <>
      <audio ref={attachAudio} preload="none" data-testid="site-audio" hidden />
      {source ? (
        <Suspense fallback={null}>
          <MiniPlayer />
        </Suspense>
      ) : null}
    </>
  );
}
