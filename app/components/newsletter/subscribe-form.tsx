import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { SubscribeResult } from "./types.ts";
import { useLocalePath, useT } from "../../i18n/index.ts";

/**
 * A subscribe box: a plain POST form to /newsletter (which answers with a page when JavaScript is off),
 * sent through a fetcher when it is on, with the answer shown in place and announced (role="status").
 * `idPrefix` keeps the ids of two boxes on one page apart; `source` says which box it was.
 */
export function SubscribeForm({ idPrefix, source, tone = "dark", label, result: given }: { idPrefix: string; source: "shop" | "footer" | "page"; tone?: "dark" | "light"; label?: string; result?: SubscribeResult }) {
  const t = useT();
  const fetcher = useFetcher<SubscribeResult>();
  const localePath = useLocalePath();
  const result = fetcher.data ?? given;
  const busy = fetcher.state !== "idle";
  const inputRef = useRef<HTMLInputElement>(null);
  const error = result && !result.ok ? (result.fieldError ?? result.error) : null;
  const inputId = `${idPrefix}-email`;
  const messageId = `${idPrefix}-message`;

  // A refused address keeps the focus on the field, so the message beside it is the next thing read.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.fieldError) inputRef.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const dark = tone === "dark";
  return (
    <fetcher.Form method="post" action={localePath("/newsletter")} noValidate className="w-full">
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-wrap gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label ?? t("newsletter.form.email")}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder={t("newsletter.form.placeholder")}
          defaultValue={result && !result.ok ? result.email : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          className={
            dark
              ? "h-11 min-w-0 flex-1 basis-48 rounded border border-paper/60 bg-transparent px-3 text-paper placeholder:text-paper/75"
              : "h-11 min-w-0 flex-1 basis-48 rounded border border-line bg-card px-3"
          }
        />
        <button type="submit" disabled={busy} className="h-11 rounded bg-gold px-5 font-semibold text-black disabled:opacity-70">
          {busy ? t("newsletter.form.subscribing") : t("newsletter.form.subscribe")}
        </button>
      </div>
      <p id={messageId} role="status" className={`mt-2 min-h-6 text-sm ${error ? (dark ? "font-semibold" : "font-semibold text-danger") : ""}`}>
        {result ? (result.ok ? result.message : error) : ""}
      </p>
    </fetcher.Form>
  );
}
