import { useEffect, useState } from "react";
import { useLocale, useT } from "../../i18n/index.ts";
import { storeDateTime } from "../../lib/dates.ts";

/**
 * How long until a timed release, as the page shows it: at first the time the server read from the
 * database's clock (so the server's page and the app's first render agree), then, once the app runs, the
 * time left to the moment by this device's clock, each second. The moment itself is absolute, so a page
 * copy kept a little while (the guest page cache) still ends its countdown on time. Only the display
 * follows the device: whether an add is accepted is always the server's (the database's) decision.
 */
export function useTimeLeft(onSaleAt: string | null, msLeftAtRead: number | null): number {
  const [msLeft, setMsLeft] = useState(onSaleAt && msLeftAtRead !== null ? msLeftAtRead : 0);
  useEffect(() => {
    if (!onSaleAt) return;
    const at = Date.parse(onSaleAt);
    const tick = () => {
      const left = Math.max(0, at - Date.now());
      setMsLeft(left);
      // The next whole second of the countdown, or the moment itself.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    // The first tick right after the page is alive: the device's clock takes over from the server's reading.
    let timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [onSaleAt]);
  return onSaleAt ? msLeft : 0;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The release moment in the page's language (New York time) and the time left, ticking. */
export function ReleaseCountdown({ onSaleAt, msLeft }: { onSaleAt: string; msLeft: number }) {
  const t = useT();
  const locale = useLocale();
  const total = Math.ceil(msLeft / 1000);
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return (
    <section aria-labelledby="release-heading" className="rounded border border-ink p-4" data-testid="release">
      <h2 id="release-heading" className="font-display text-xl">
        {t("shop.release.heading")}
      </h2>
      <p className="mt-1">
        <time dateTime={onSaleAt}>{t("shop.release.onSaleAt", { moment: storeDateTime(onSaleAt, locale) })}</time>
      </p>
      <p className="mt-3 text-sm font-semibold uppercase tracking-wider text-muted">{t("shop.release.countdown")}</p>
      {/* A timer is not read out each second (role timer: polite off); the moment above says when. */}
      <p role="timer" className="font-display text-3xl tabular-nums" data-testid="countdown">
        {days > 0 ? `${t("shop.release.days", { count: days })} ` : ""}
        {clock}
      </p>
    </section>
  );
}
