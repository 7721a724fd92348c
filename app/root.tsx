import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { EMPTY_CART, type CartView } from "../core/cart/rules.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { CartPanel } from "./components/cart/cart-panel.tsx";
import { CartProvider } from "./components/cart/cart-context.tsx";
import { BackOfficeFooter, isBackOfficePath } from "./components/layout/back-office-footer.tsx";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { PlayerDock } from "./components/music/player-dock.tsx";
import { CurrencyProvider, USD_VIEW, type CurrencyView } from "./components/product/display-currency.tsx";
import { loadCart } from "./lib/cart.server.ts";
import { currencyView } from "./lib/currency.server.ts";
import { getViewer, type Viewer } from "./lib/session.server.ts";
import { FONT_PRELOADS } from "./lib/fonts.ts";
import { FAVICON_DATA_URI, MANIFEST_HREF, MANIFEST_LINK_SCRIPT } from "./lib/site-icons.ts";
import { useNonce } from "./lib/nonce.ts";
import { announceAppReady, APP_LOADER_SCRIPT } from "./lib/app-on-interaction.ts";
import { useRefusal } from "./lib/refusal.ts";
import { isLocale, LOCALES } from "../core/shared/locale.ts";
import { ensureMessages, I18nProvider, isLocalizedPath, Link, localePath, splitLocale, useT } from "./i18n/index.ts";
import { languageRedirect, requestLocale } from "./lib/i18n.server.ts";
import { messagesUrl } from "./i18n/messages.server.ts";

export const links: Route.LinksFunction = () => [
  ...FONT_PRELOADS,
  { rel: "icon", href: FAVICON_DATA_URI, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const accountRead = viewer ? context.useCases.accounts.getAccount(viewer.id) : Promise.resolve(null);
  // A signed-in shopper's currency is their saved preference; a guest's, the currency cookie.
  const [cart, account, currency] = await Promise.all([loadCart(request, context), accountRead, currencyView(request, context, accountRead.then((a) => a?.preferences.currency ?? null))]);
  const accountLocale = account?.preferences.language;
  const moved = await languageRedirect(request, isLocale(accountLocale) ? accountLocale : null);
  if (moved) throw moved;
  const locale = requestLocale(request);
  const url = new URL(request.url);
  const { path } = splitLocale(url.pathname);
  // Search engines find each page in both languages (and English for anyone who chose neither).
  const alternates = isLocalizedPath(path) ? LOCALES.map((lang) => ({ lang, href: context.baseUrl + localePath(path, lang) + url.search })) : [];
  // The public address: share tags (og:image) of pages without a loader of their own read it here.
  return { cart, viewer, theme: account?.preferences.theme ?? "auto", currency, locale, messagesUrl: messagesUrl(locale), alternates, baseUrl: context.baseUrl };
}

/** Opening a page in the other language without a reload brings that language's texts first. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await ensureMessages(data.locale, data.messagesUrl);
  return data;
}

/**
 * The viewer and cart reload only when they may have changed: after a form was posted. The language's
 * texts and alternates reload when a link leads to the other language.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale) return true;
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

// The spec's links were hash routes (/#/shop): send them to the real path before anything renders,
// and also when one is followed from a page already open (the browser then only changes the hash).
const HASH_ROUTE_SCRIPT = `(function(){function go(){var h=location.hash;if(h.indexOf("#/")===0){location.replace(h.slice(1)||"/")}}go();addEventListener("hashchange",go)})();`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // The account's theme is applied by the server, so the page never flashes the wrong one.
  const theme = data?.theme && data.theme !== "auto" ? data.theme : undefined;
  // The address says the language, so even an error page before any loader ran speaks it.
  const { locale: pathLocale, path } = splitLocale(useLocation().pathname);
  const locale = data?.locale ?? (isLocalizedPath(path) ? pathLocale : "en");
  // A browse page's loader script waits for this to replay what the visitor did before the app was alive.
  useEffect(() => announceAppReady(), []);
  return (
    <html lang={locale} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HASH_ROUTE_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: APP_LOADER_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MANIFEST_LINK_SCRIPT }} />
        <noscript>
          <link rel="manifest" href={MANIFEST_HREF} />
        </noscript>
        {data?.messagesUrl && <link rel="preload" as="fetch" crossOrigin="anonymous" href={data.messagesUrl} data-messages="" />}
        {data?.alternates.map((alternate) => <link key={alternate.lang} rel="alternate" hrefLang={alternate.lang} href={alternate.href} />)}
        {data?.alternates[0] && <link rel="alternate" hrefLang="x-default" href={data.alternates[0].href} />}
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col">
        <I18nProvider locale={locale}>
        <SkipLink />
        <CurrencyProvider value={(data?.currency as CurrencyView | undefined) ?? USD_VIEW}>
        <CartProvider cart={(data?.cart as CartView | undefined) ?? EMPTY_CART}>
          <Header viewer={(data?.viewer as Viewer | null | undefined) ?? null} />
          <main id="main" className="flex-1">
            {children}
          </main>
          {isBackOfficePath(path) ? <BackOfficeFooter /> : <Footer />}
          <CartPanel />
          <PlayerDock />
        </CartProvider>
        </CurrencyProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="sr-only-focusable absolute left-2 top-2 z-50 rounded bg-gold px-3 py-2 font-semibold text-black">
      {t("layout.skipToContent")}
    </a>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const refused = useRefusal(error);
  const refusal = notFound ? null : refused;
  const title = notFound ? t("error.notFound.title") : refusal ? refusal.title : t("error.unexpected.title");
  const detail = notFound ? t("error.notFound.detail") : (refusal?.message ?? t("error.unexpected.detail"));
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${title} | East Harlem`}</title>
      <h1 className="font-display text-h1">{title}</h1>
      <p className="mt-4 text-muted">{detail}</p>
      <p className="mt-8 flex justify-center gap-4">
        <Link to="/" className="rounded bg-ink px-4 py-3 font-semibold text-paper">
          {t("error.goHome")}
        </Link>
        <Link to="/shop" className="rounded border border-line px-4 py-3 font-semibold">
          {t("nav.shop")}
        </Link>
      </p>
    </div>
  );
}
