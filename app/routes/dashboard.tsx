import { data } from "react-router";
import { Link, useLocale, useT } from "../i18n/index.ts";
import { colorLabel } from "../lib/format.ts";
import { MemberErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { Notice, primaryButton, secondaryButton, Section } from "../components/account/page-shell.tsx";
import { useCart } from "../components/cart/cart-context.tsx";
import { storeDate } from "../lib/dates.ts";
import { Money } from "../components/product/display-currency.tsx";
import { requireViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/dashboard";
import { noStore } from "../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta({ id: "account.dashboard.pageTitle" });

/** Dashboard cart preview (SPEC section 9). */
const CART_PREVIEW = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const account = await context.useCases.accounts.getAccount(viewer.id);
  if (!account) throw data({ access: "signed-out" as const }, { status: 401 });
  const justVerified = new URL(request.url).searchParams.get("verified") === "1" && account.emailVerified;
  return data(
    {
      justVerified,
      account: {
        email: account.email,
        displayName: account.displayName,
        emailVerified: account.emailVerified,
        createdAt: account.createdAt.toISOString(),
      },
    },
    { headers: noStore },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireViewer(request, context);
  throw data(null, { status: 405 });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { account, justVerified } = loaderData;
  const t = useT();
  const locale = useLocale();
  const { cart } = useCart();
  const name = account.displayName || account.email.split("@")[0];
  const preview = cart.lines.slice(0, CART_PREVIEW);
  const more = cart.lines.length - preview.length;
  const status = account.emailVerified ? t("account.verified") : t("account.pending");

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-h1 break-words">{t("account.dashboard.welcome", { name })}</h1>
      {justVerified ? (
        <div className="mt-4">
          <Notice tone="ok">{t("account.dashboard.justVerified")}</Notice>
        </div>
      ) : null}

      <ul className="mt-8 grid gap-4 sm:grid-cols-3" aria-label={t("account.dashboard.summary")}>
        <li className="rounded border border-line bg-card p-4">
          <p className="text-sm text-muted">{t("account.dashboard.itemsInCart")}</p>
          <p className="font-display mt-1 text-3xl">{cart.itemCount}</p>
        </li>
        <li className="rounded border border-line bg-card p-4">
          <p className="text-sm text-muted">{t("account.dashboard.cartTotal")}</p>
          <p className="font-display mt-1 text-3xl">
            <Money cents={cart.subtotalCents} />
          </p>
        </li>
        <li className="rounded border border-line bg-card p-4">
          <p className="text-sm text-muted">{t("account.accountStatus")}</p>
          <p className={`font-display mt-1 text-3xl ${account.emailVerified ? "text-ok" : ""}`}>{status}</p>
        </li>
      </ul>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Section title={t("account.dashboard.accountInfo")} id="account-info">
          <dl className="space-y-3">
            <div>
              <dt className="text-sm text-muted">{t("account.email")}</dt>
              <dd className="break-words font-semibold">{account.email}</dd>
            </div>
            {account.displayName ? (
              <div>
                <dt className="text-sm text-muted">{t("account.displayName")}</dt>
                <dd className="break-words font-semibold">{account.displayName}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm text-muted">{t("account.dashboard.memberSince")}</dt>
              <dd className="font-semibold">{storeDate(account.createdAt, locale)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("account.dashboard.emailStatus")}</dt>
              <dd className="font-semibold">{status}</dd>
            </div>
          </dl>
        </Section>

        <Section title={t("account.dashboard.currentCart")} id="current-cart">
          {cart.lines.length === 0 ? (
            <p className="text-muted">{t("account.dashboard.cartEmpty")}</p>
          ) : (
            <>
              <ul className="divide-y divide-line">
                {preview.map((line) => {
                  const options = [line.size, line.color && colorLabel(t, line.color)].filter(Boolean).join(" / ");
                  return (
                    <li key={line.variantId} className="flex items-center gap-3 py-3">
                      <img src={line.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded bg-paper object-contain" />
                      <div className="min-w-0 flex-1">
                        <Link to={`/shop/${line.slug}`} className="font-semibold hover:underline">
                          {line.name}
                        </Link>
                        <p className="text-sm text-muted">
                          {options ? `${options} · ` : ""}
                          {t("account.dashboard.qty", { quantity: line.quantity })}
                        </p>
                      </div>
                      <p className="text-right font-semibold">
                        <Money cents={line.lineTotalCents} />
                      </p>
                    </li>
                  );
                })}
              </ul>
              {more > 0 ? <p className="mt-2 text-sm text-muted">{t("account.dashboard.moreItems", { count: more })}</p> : null}
            </>
          )}
        </Section>
      </div>

      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="font-display text-h3">
          {t("account.dashboard.quickActions")}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          <li>
            <Link to="/profile" className={secondaryButton}>
              {t("account.editProfile")}
            </Link>
          </li>
          <li>
            <Link to="/orders" className={secondaryButton}>
              {t("account.dashboard.orderHistory")}
            </Link>
          </li>
          <li>
            <Link to="/shop" className={secondaryButton}>
              {t("account.dashboard.continueShopping")}
            </Link>
          </li>
          {cart.lines.length > 0 ? (
            <li>
              <Link to="/checkout" className={primaryButton}>
                {t("account.dashboard.checkout")}
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
