import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useLocalePath, useT } from "../../i18n/index.ts";
import type { VariantOption } from "../../../core/catalog/rules.ts";
import { colorLabel } from "../../lib/format.ts";

/** The product page's answer to a "Notify me" form; `email` gives a refused address back to its field. */
export type NotifyResult = { ok: true; upcoming: boolean } | { ok: false; error: string; fieldError?: string; email: string };

/**
 * "Notify me" (ADR 0032): shown while the product is not on sale yet, or while some or all of its variants
 * are sold out. A plain POST form to the product's own address (intent "notify"), answered with the page
 * when JavaScript is off, sent through a fetcher when it is on; the answer is announced (role="status").
 * A signed-in shopper's address is the account's (the server reads it from the session): no field.
 * Sold-out variants are listed to choose from, since the size buttons above only offer what is in stock.
 */
export function NotifyMe({
  product,
  upcoming,
  signedInEmail,
  result: given,
}: {
  product: { slug: string; variants: VariantOption[] };
  upcoming: boolean;
  signedInEmail: string | null;
  result?: NotifyResult | undefined;
}) {
  const t = useT();
  const uid = useId();
  const localePath = useLocalePath();
  const fetcher = useFetcher<{ notify?: NotifyResult }>();
  const result = fetcher.data?.notify ?? given;
  const busy = fetcher.state !== "idle";
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.notify && !fetcher.data.notify.ok && fetcher.data.notify.fieldError) inputRef.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const soldOut = product.variants.filter((v) => v.available <= 0);
  const allSoldOut = soldOut.length === product.variants.length;
  if (!upcoming && soldOut.length === 0) return null;
  // Upcoming or all gone: any variant will do (or one of them); some gone: one of those.
  const choices = upcoming || allSoldOut ? product.variants : soldOut;
  const offerAny = upcoming || allSoldOut;
  const label = (v: VariantOption) => [v.size, v.color && colorLabel(t, v.color)].filter(Boolean).join(" / ") || t("shop.product.standard");
  const error = result && !result.ok ? (result.fieldError ?? result.error) : null;
  const ids = { heading: `${uid}-heading`, email: `${uid}-email`, option: `${uid}-option`, message: `${uid}-message` };
  const intro = upcoming ? t("shop.notify.introUpcoming") : allSoldOut ? t("shop.notify.introSoldOut") : t("shop.notify.introSomeSoldOut");

  return (
    <section aria-labelledby={ids.heading} className="mt-6 rounded-lg border border-line bg-card p-4" data-testid="notify-me">
      <h2 id={ids.heading} className="font-display text-lg">
        {t("shop.notify.heading")}
      </h2>
      <p className="mt-1 text-sm">{intro}</p>
      {result?.ok ? null : (
        <fetcher.Form method="post" action={localePath(`/shop/${product.slug}`)} noValidate className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="notify" />
          {choices.length > 1 || !offerAny ? (
            <div>
              <label htmlFor={ids.option} className="mb-1 block text-sm font-semibold">
                {t("shop.notify.option")}
              </label>
              <select id={ids.option} name="variant" defaultValue="" className="h-11 w-full rounded border border-line bg-card px-2">
                {offerAny ? <option value="">{t("shop.notify.anyOption")}</option> : null}
                {choices.map((v) => (
                  <option key={v.id} value={v.id}>
                    {label(v)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {signedInEmail ? (
            <>
              {/* The server uses the session's address; this one only lets it notice a page made for another account. */}
              <input type="hidden" name="email" value={signedInEmail} />
              <p className="text-sm">{t("shop.notify.signedInAs", { email: signedInEmail })}</p>
            </>
          ) : (
            <div>
              <label htmlFor={ids.email} className="mb-1 block text-sm font-semibold">
                {t("shop.notify.email")}
              </label>
              <input
                ref={inputRef}
                id={ids.email}
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={result && !result.ok ? result.email : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={ids.message}
                className="h-11 w-full rounded border border-line bg-card px-3"
              />
            </div>
          )}
          <button type="submit" disabled={busy} className="min-h-11 w-full rounded bg-gold px-4 py-2 font-semibold text-black disabled:opacity-70">
            {busy ? t("shop.notify.busy") : t("shop.notify.button")}
          </button>
        </fetcher.Form>
      )}
      <p id={ids.message} role="status" className={`mt-2 min-h-5 text-sm ${error ? "font-semibold text-danger" : ""}`}>
        {result ? (result.ok ? (result.upcoming ? t("shop.notify.doneUpcoming") : t("shop.notify.done")) : error) : ""}
      </p>
      <p className="text-xs text-muted">{t("shop.notify.fairness")}</p>
    </section>
  );
}
