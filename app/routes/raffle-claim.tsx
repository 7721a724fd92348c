import { data, useLocation } from "react-router";
import { Form, Link, metaIntl, useLocale, useT } from "../i18n/index.ts";
import { claimTokenSchema, rafflesText, type ClaimView } from "../../core/raffles/index.ts";
import type { TextRef } from "../../core/shared/text.ts";
import { noStore } from "../lib/private-page.ts";
import { storeDateTime } from "../lib/dates.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { colorLabel } from "../lib/format.ts";
import { localizeText, localizedRedirect } from "../lib/i18n.server.ts";
import { getViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/raffle-claim";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaIntl(matches).formatMessage({ id: "shop.claim.title" })} | East Harlem` }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => noStore;

/** What stops this viewer from buying through the link now, as a text the page words; null: nothing. */
function obstacle(claim: ClaimView, viewerId: string | null): TextRef | null {
  if (claim.inCheckout) return rafflesText("shop.domain.raffle.claimUsed");
  if (claim.expired || (claim.status !== "won" && claim.status !== "claimed")) return rafflesText("shop.domain.raffle.claimExpired");
  if (viewerId && viewerId !== claim.accountId) return rafflesText("shop.domain.raffle.claimOtherAccount");
  return null;
}

async function load(request: Request, context: Route.LoaderArgs["context"], token: string | undefined) {
  const parsed = claimTokenSchema.safeParse(token);
  const claim = parsed.success ? await context.useCases.raffles.findClaim(parsed.data) : null;
  if (!claim) throw data({ error: localizeText(request, rafflesText("shop.domain.raffle.badClaim")) }, { status: 404, headers: noStore });
  const viewer = await getViewer(request, context);
  return { claim, viewer, token: parsed.data! };
}

/**
 * A raffle winner's purchase link (ADR 0035): the token (kept only as its hash) names the entry. The winner,
 * signed in as the account that entered, puts the held unit in their cart and goes to checkout, which moves
 * the raffle's reservation to the checkout's own. Anyone else, or after the window, is told why not.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { claim, viewer } = await load(request, context, params.token);
  const problem = obstacle(claim, viewer?.id ?? null);
  return data(
    {
      claim: { code: claim.code, product: claim.product, variant: claim.variant, claimExpiresAt: claim.claimExpiresAt },
      signedIn: viewer !== null,
      problem: problem ? localizeText(request, problem) : null,
    },
    { headers: noStore },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { claim, viewer } = await load(request, context, params.token);
  if (!viewer) throw localizedRedirect(request, `/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  const problem = obstacle(claim, viewer.id);
  if (problem) return data({ error: localizeText(request, problem) }, { status: problem.id === "shop.domain.raffle.claimUsed" ? 409 : 410, headers: noStore });
  try {
    const cartId = await context.useCases.cart.ensureCartOfUser(viewer.id);
    const cart = await context.useCases.cart.getCart(cartId);
    if (!cart.lines.some((l) => l.variantId === claim.variant.id)) await context.useCases.cart.addToCart(cartId, { variantId: claim.variant.id, quantity: 1 });
  } catch (error) {
    const refused = expectDomainError(error);
    return data({ error: localizeText(request, refused) }, { status: refused.status, headers: noStore });
  }
  throw localizedRedirect(request, "/checkout");
}

export default function RaffleClaim({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { claim, signedIn, problem } = loaderData;
  const options = [claim.variant.size, claim.variant.color && colorLabel(t, claim.variant.color)].filter(Boolean).join(" / ");
  const item = options ? `${claim.product.name} (${options})` : claim.product.name;
  const error = actionData && "error" in actionData ? actionData.error : problem;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-display text-h1">{t("shop.claim.title")}</h1>
      <p className="mt-4">
        {t("shop.claim.intro", { code: claim.code, item, when: claim.claimExpiresAt ? storeDateTime(claim.claimExpiresAt, locale) : "" })}
      </p>
      <p className="mt-2 text-xl font-semibold">${(claim.variant.priceCents / 100).toFixed(2)}</p>
      <p role="status" className={`mt-4 min-h-5 ${error ? "font-semibold text-danger" : ""}`}>
        {error ?? ""}
      </p>
      {problem ? null : signedIn ? (
        <Form method="post" className="mt-4">
          <button type="submit" className="min-h-11 w-full rounded bg-gold px-4 py-2 font-semibold text-black">
            {t("shop.claim.buy")}
          </button>
        </Form>
      ) : (
        <div className="mt-4">
          <p className="text-sm">{t("shop.claim.signInHint")}</p>
          <ClaimSignIn />
        </div>
      )}
      <p className="mt-6">
        <Link to={`/shop/${claim.product.slug}`} className="underline">
          {t("shop.claim.product")}
        </Link>
      </p>
    </div>
  );
}

function ClaimSignIn() {
  const t = useT();
  // The link's own address (with /es for Spanish), so signing in comes back here.
  const location = useLocation();
  return (
    <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} className="mt-2 inline-flex min-h-11 items-center rounded bg-gold px-4 py-2 font-semibold text-black">
      {t("shop.claim.signIn")}
    </Link>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const message = (error as { data?: { error?: string } } | undefined)?.data?.error ?? t("shop.domain.raffle.badClaim");
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <p role="alert" className="font-semibold">
        {message}
      </p>
    </div>
  );
}
