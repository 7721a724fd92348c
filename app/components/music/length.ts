import { useCallback } from "react";
import { useT } from "../../i18n/index.ts";

/**
 * A playlist's length as a card says it, in the page's language: "2 min 35 s" under ten minutes, "24 min",
 * "1 hr 12 min" (core/music formatLength's English; "1 h 12 min" in Spanish).
 */
export function useLength(): (ms: number) => string {
  const t = useT();
  return useCallback(
    (ms: number) => {
      const totalSeconds = Math.max(0, Math.round(ms / 1000));
      if (totalSeconds < 600) return t("music.length", { hours: 0, minutes: Math.floor(totalSeconds / 60), seconds: totalSeconds % 60 });
      const minutes = Math.round(totalSeconds / 60);
      return t("music.length", { hours: Math.floor(minutes / 60), minutes: minutes % 60, seconds: 0 });
    },
    [t],
  );
}
