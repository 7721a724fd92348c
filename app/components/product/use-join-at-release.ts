import { useEffect } from "react";
import { useLocalePath } from "../../i18n/index.ts";
import type { QueueStatus } from "../../../core/queue/index.ts";

/**
 * The moment a drop with a waiting room goes on sale, a page left open through its countdown takes a place in
 * its line (the product's join, counted by the join limits like any) and shows it in place of Add to Cart; a
 * page let in at once shows Add to Cart with its deadline. Refused (too many joins, say), the page reloads:
 * the product's address then says what there is.
 */
export function useJoinAtRelease(due: boolean, slug: string, onQueue: (s: QueueStatus | null) => void) {
  const localePath = useLocalePath();
  useEffect(() => {
    if (!due) return;
    let stopped = false;
    void (async () => {
      try {
        const answer = await fetch(localePath(`/shop/${slug}/queue`), { method: "POST", body: new URLSearchParams(), headers: { Accept: "application/json" } });
        const body = answer.ok ? ((await answer.json()) as { queue: QueueStatus | null }) : null;
        if (stopped) return;
        if (body?.queue) onQueue(body.queue);
        else window.location.reload();
      } catch {
        if (!stopped) window.location.reload();
      }
    })();
    return () => {
      stopped = true;
    };
  }, [due, slug, localePath, onQueue]);
}
