import { useId } from "react";
import { useLocation, useNavigation } from "react-router";
import { Form, Link, useLocale, useT } from "../../i18n/index.ts";
import type { RaffleView } from "../../../core/raffles/index.ts";
import type { VariantOption } from "../../../core/catalog/rules.ts";
import { colorLabel } from "../../lib/format.ts";
import { storeDateTime } from "../../lib/dates.ts";

/** The product page's answer to the entry form. */
export type RaffleResult = { ok: true; created: boolean; code: string; size: string } | { ok: false; error: string };

/**
 * A product sold by raffle (ADR 0035): the window, the entry form (a plain POST to the product's own address,
 * intent "raffle", so it works before or without JavaScript), the viewer's entry, and what anyone needs to
 * check the draw: the seed's hash from the start, the seed and every entry's code in drawn order after it.
 */
export function RaffleEntry({
  product,
  raffle,
  viewer,
  result,
}: {
  product: { slug: string; variants: VariantOption[] };
  raffle: RaffleView;
  viewer: { emailVerified: boolean } | null;
  result?: RaffleResult | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const uid = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "raffle";
  const when = (iso: string) => storeDateTime(iso, locale);
  const label = (v: { size: string | null; color: string | null }) => [v.size, v.color && colorLabel(t, v.color)].filter(Boolean).join(" / ") || t("shop.product.standard");
  const ids = { heading: `${uid}-heading`, size: `${uid}-size`, message: `${uid}-message`, fair: `${uid}-fair` };
  const mine = raffle.mine;
  const drawn = raffle.phase === "drawn" || raffle.phase === "finished";

  let window: string;
  if (raffle.phase === "upcoming") window = `${t("shop.raffle.opens", { when: when(raffle.opensAt) })}. ${t("shop.raffle.closes", { when: when(raffle.closesAt) })}.`;
  else if (raffle.phase === "open") window = `${t("shop.raffle.closes", { when: when(raffle.closesAt) })}.`;
  else if (raffle.phase === "closed") window = t("shop.raffle.closed", { when: when(raffle.closesAt) });
  else window = `${t("shop.raffle.drawn", { when: when(raffle.drawnAt!) })}.`;

  let status: string | null = null;
  if (mine) {
    const values = { code: mine.code, size: label(mine), when: mine.claimExpiresAt ? when(mine.claimExpiresAt) : "" };
    if (mine.status === "entered") status = drawn ? t("shop.raffle.status.waiting", values) : t("shop.raffle.status.entered", values);
    else status = t(`shop.raffle.status.${mine.status}`, values);
  }
  const message = result ? (result.ok ? t(result.created ? "shop.raffle.entered" : "shop.raffle.alreadyEntered", { code: result.code, size: result.size }) : result.error) : null;
  const canEnter = raffle.phase === "open" && !mine && !(result?.ok ?? false);

  return (
    <section aria-labelledby={ids.heading} className="rounded-lg border border-line bg-card p-4" data-testid="raffle">
      <h2 id={ids.heading} className="font-display text-lg">
        {t("shop.raffle.heading")}
      </h2>
      <p className="mt-1 text-sm">{raffle.phase === "finished" ? t("shop.raffle.introFinished") : t("shop.raffle.intro")}</p>
      <p className="mt-2 font-semibold">{window}</p>
      {!drawn ? <p className="text-sm text-muted">{t("shop.raffle.fair.count", { count: raffle.entryCount })}</p> : null}
      {status ? <p className="mt-2 font-semibold">{status}</p> : null}
      {canEnter && !viewer ? (
        <p className="mt-3">
          <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} className="inline-flex min-h-11 items-center rounded bg-gold px-4 py-2 font-semibold text-black">
            {t("shop.raffle.signIn")}
          </Link>
        </p>
      ) : null}
      {canEnter && viewer && !viewer.emailVerified ? (
        <p className="mt-3 text-sm">
          <span className="font-semibold">{t("shop.raffle.verify")}</span>{" "}
          <Link to="/profile" className="inline-flex min-h-6 items-center underline">
            {t("account.profile.resend")}
          </Link>
        </p>
      ) : null}
      {canEnter && viewer?.emailVerified ? (
        <Form method="post" action={`/shop/${product.slug}`} preventScrollReset className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="raffle" />
          <div>
            <label htmlFor={ids.size} className="mb-1 block text-sm font-semibold">
              {t("shop.raffle.size")}
            </label>
            <select id={ids.size} name="variant" required defaultValue={product.variants.length === 1 ? String(product.variants[0]!.id) : ""} aria-describedby={ids.message} className="h-11 w-full rounded border border-line bg-card px-2">
              {product.variants.length > 1 ? <option value="" disabled /> : null}
              {product.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {label(v)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={busy} className="min-h-11 w-full rounded bg-gold px-4 py-2 font-semibold text-black disabled:opacity-70">
            {busy ? t("shop.raffle.busy") : t("shop.raffle.enter")}
          </button>
        </Form>
      ) : null}
      <p id={ids.message} role="status" className={`mt-2 min-h-5 text-sm ${result && !result.ok ? "font-semibold text-danger" : ""}`}>
        {message ?? ""}
      </p>
      <details className="mt-3 border-t border-line pt-3 text-sm">
        <summary className="min-h-11 cursor-pointer font-semibold">{t("shop.raffle.fair.heading")}</summary>
        <p className="mt-2">{t("shop.raffle.fair.hash")}</p>
        <p className="break-all font-mono text-xs" data-testid="raffle-seed-hash">
          {raffle.seedHash}
        </p>
        {raffle.seed ? (
          <>
            <p className="mt-2">{t("shop.raffle.fair.seed")}</p>
            <p className="break-all font-mono text-xs" data-testid="raffle-seed">
              {raffle.seed}
            </p>
          </>
        ) : null}
        <p className="mt-2">{t("shop.raffle.fair.check")}</p>
        {drawn ? (
          <>
            <h3 id={ids.fair} className="mt-2 font-semibold">
              {t("shop.raffle.fair.entries", { count: raffle.ranking.length })}
            </h3>
            <ol aria-labelledby={ids.fair} className="mt-1 list-decimal pl-6 font-mono text-xs" data-testid="raffle-ranking">
              {raffle.ranking.map((e) => (
                <li key={e.code}>{e.code}</li>
              ))}
            </ol>
          </>
        ) : null}
      </details>
    </section>
  );
}
