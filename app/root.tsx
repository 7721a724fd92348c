import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { EMPTY_CART, type CartView } from "../core/cart/rules.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { CartPanel } from "./components/cart/cart-panel.tsx";
import { CartProvider } from "./components/cart/cart-context.tsx";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { PlayerDock } from "./components/music/player-dock.tsx";
import { getAccount } from "../core/accounts/index.ts";
import { loadCart } from "./lib/cart.server.ts";
import { getViewer, type Viewer } from "./lib/session.server.ts";
import { FONT_PRELOADS } from "./lib/fonts.ts";
import { useNonce } from "./lib/nonce.ts";
import { REFUSAL_TITLE, refusalMessage } from "./lib/refusal.ts";

export const links: Route.LinksFunction = () => [
  ...FONT_PRELOADS,
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const [cart, account] = await Promise.all([loadCart(request, context), viewer ? getAccount(context.db, viewer.id) : null]);
  // The public address: share tags (og:image) of pages without a loader of their own read it here.
  return { cart, viewer, theme: account?.preferences.theme ?? "auto", baseUrl: context.baseUrl };
}

/** The viewer and cart reload only when they may have changed: after a form was posted. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
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
  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HASH_ROUTE_SCRIPT }} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only-focusable absolute left-2 top-2 z-50 rounded bg-gold px-3 py-2 font-semibold text-black">
          Skip to content
        </a>
        <CartProvider cart={(data?.cart as CartView | undefined) ?? EMPTY_CART}>
          <Header viewer={(data?.viewer as Viewer | null | undefined) ?? null} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer />
          <CartPanel />
          <PlayerDock />
        </CartProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const refusal = notFound ? null : refusalMessage(error);
  const title = notFound ? "Page not found" : refusal ? REFUSAL_TITLE : "Something went wrong";
  const detail = notFound
    ? "We couldn't find that page. It may have moved, or the link may be wrong."
    : (refusal ?? "An unexpected error occurred. Please try again.");
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${title} | East Harlem`}</title>
      <h1 className="font-display text-h1">{title}</h1>
      <p className="mt-4 text-muted">{detail}</p>
      <p className="mt-8 flex justify-center gap-4">
        <Link to="/" className="rounded bg-ink px-4 py-3 font-semibold text-paper">
          Go Home
        </Link>
        <Link to="/shop" className="rounded border border-line px-4 py-3 font-semibold">
          Shop
        </Link>
      </p>
    </div>
  );
}
