import { useEffect } from "react";
import { useLocation } from "react-router";
import { useLocale, useLocalePath, useT } from "../../i18n/index.ts";
import { QUEUE_POLL_MS } from "../../../core/queue/rules.ts";
import type { QueueStatus } from "../../../core/queue/index.ts";
import { storeTime } from "../../lib/dates.ts";

/** What the product page knows of the visitor's place in a drop's line (null: no line, or not for them). */
export type QueueView = QueueStatus | { state: "refused"; message: string; status: number } | null;

/**
 * The waiting room (ADR 0034), in place of Add to Cart while the visitor waits: their place, how many are
 * ahead and about how long, read out politely as they change. The page asks for its place every few seconds
 * and turns into Add to Cart when it is let in; without JavaScript, "Check my place" reloads the page.
 */
export function WaitingRoom({ slug, queue, onChange }: { slug: string; queue: Exclude<QueueView, null>; onChange: (s: QueueStatus | null) => void }) {
  const t = useT();
  const localePath = useLocalePath();
  const location = useLocation();
  const waiting = queue.state === "waiting";
  // As often as the line says (less often far back in a long one); a new answer with another pace restarts the wait.
  const everyMs = queue.state === "waiting" && queue.checkAgainMs > 0 ? queue.checkAgainMs : QUEUE_POLL_MS;

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    const poll = async () => {
      try {
        const answer = await fetch(localePath(`/shop/${slug}/queue`), { headers: { Accept: "application/json" } });
        if (answer.ok && !stopped) {
          const body = (await answer.json()) as { queue: QueueStatus | null; open: boolean };
          // The waiting room switched off: the options and Add to Cart. A place gone otherwise: "Check my place" joins again.
          if (body.queue || !body.open) onChange(body.queue);
        }
      } catch {
        // A lost request: the next one asks again.
      }
      if (!stopped) timer = setTimeout(poll, everyMs);
    };
    let timer = setTimeout(poll, everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, everyMs, slug, localePath, onChange]);

  return (
    <section aria-labelledby="queue-heading" className="rounded border border-ink p-4" data-testid="waiting-room">
      <h2 id="queue-heading" className="font-display text-xl">
        {queue.state === "refused" ? t("shop.queue.refusedHeading") : t("shop.queue.heading")}
      </h2>
      <div aria-live="polite" className="mt-2 space-y-1">
        {queue.state === "waiting" ? (
          <>
            <p className="font-display text-2xl tabular-nums" data-testid="queue-position">
              {t("shop.queue.position", { position: queue.position })}
            </p>
            <p>{t("shop.queue.ahead", { count: queue.ahead })}</p>
            <p data-testid="queue-estimate">{t("shop.queue.estimate", { minutes: queue.estimateMinutes })}</p>
          </>
        ) : queue.state === "refused" ? (
          <p className="text-danger">{queue.message}</p>
        ) : (
          <p>{t("shop.queue.expired")}</p>
        )}
      </div>
      {waiting ? <p className="mt-3 text-sm text-muted">{t("shop.queue.note")}</p> : null}
      {/* A plain link: it reloads the page, which reads the place afresh (and works without JavaScript). */}
      <a
        href={location.pathname + location.search}
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded border border-ink px-4 py-2 font-semibold hover:bg-ink hover:text-paper"
      >
        {t("shop.queue.check")}
      </a>
    </section>
  );
}

/** Once let in: until when the visitor may check out (New York time), announced as it appears. */
export function QueuePassNotice({ expiresAt }: { expiresAt: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p role="status" className="mb-4 rounded border border-ok p-3 font-semibold" data-testid="queue-admitted">
      <time dateTime={expiresAt}>{t("shop.queue.admitted", { time: storeTime(expiresAt, locale) })}</time>
    </p>
  );
}
