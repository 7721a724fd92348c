import { data, redirect } from "react-router";
import { Link, metaIntl, useT } from "../i18n/index.ts";
import { toggleSchema, wishlistField } from "../../core/wishlist/index.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { firstWords, localizeText } from "../lib/i18n.server.ts";
import { readForm } from "../lib/form.server.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { getViewer } from "../lib/session.server.ts";
import type { WishlistToggleResult } from "../components/product/types.ts";
import type { Route } from "./+types/wishlist-toggle";
import { noStore } from "../lib/private-page.ts";


export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "wishlist.meta.title" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

/**
 * The heart posts here: through a fetcher (answered with the result), or as a plain form without JavaScript
 * (then it carries redirectTo and goes back to that page, which shows the new state). Guests are told to log in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const back = Object.hasOwn(fields, "redirectTo") ? safeRedirectPath(fields.redirectTo) : null;
  // The result's message and error are worded in the page's language where they are made.
  const reply = (result: WishlistToggleResult, status: number) => data<WishlistToggleResult>(back && !result.ok ? { ...result, back } : result, { status, headers: noStore });

  const viewer = await getViewer(request, context);
  if (!viewer) return reply({ ok: false, error: localizeText(request, wishlistField("wishlist.domain.loginRequired")), signIn: true }, 401);

  const parsed = toggleSchema.safeParse(fields);
  if (!parsed.success) return reply({ ok: false, error: firstWords(request, parsed.error, wishlistField("cart.domain.itemGone")) }, 400);
  const input = parsed.data;

  let result: WishlistToggleResult;
  let status = 200;
  try {
    if (input.intent === "save") {
      await context.useCases.wishlist.saveItem(viewer.id, { productId: input.productId, size: input.size, color: input.color });
      result = { ok: true, saved: true, message: localizeText(request, wishlistField("wishlist.domain.saved")) };
    } else {
      await context.useCases.wishlist.removeProductFromWishlists(viewer.id, input.productId);
      result = { ok: true, saved: false, message: localizeText(request, wishlistField("wishlist.domain.removed")) };
    }
  } catch (error) {
    const refused = expectDomainError(error);
    status = refused.status;
    // SPEC section 4: a duplicate-add error marks the item as saved.
    const said = localizeText(request, refused);
    result = refused.code === "wishlist.item_exists" ? { ok: false, error: said, saved: true } : { ok: false, error: said };
  }
  if (back && (result.ok || result.saved)) throw redirect(back, { status: 303, headers: noStore });
  return reply(result, status);
}

/** Where a plain-form press lands when it could not go back: a guest, or an item that cannot be saved. */
export default function WishlistToggle({ actionData }: Route.ComponentProps) {
  const t = useT();
  const guest = !actionData || (!actionData.ok && actionData.signIn === true);
  const back = actionData && !actionData.ok ? actionData.back : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-h1">{t("wishlist.heading")}</h1>
      <p role="alert" className="mt-4">
        {actionData && !actionData.ok ? actionData.error : t("wishlist.domain.loginRequired")}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {guest ? (
          <Link to={back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login"} className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
            {t("wishlist.toggle.signIn")}
          </Link>
        ) : (
          <Link to="/wishlist" className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
            {t("wishlist.toggle.yours")}
          </Link>
        )}
        <Link to={back ?? "/shop"} className="inline-flex min-h-11 items-center rounded border border-line px-5 py-3 font-semibold">
          {back ? t("wishlist.toggle.goBack") : t("wishlist.toggle.backToShop")}
        </Link>
      </p>
    </div>
  );
}
