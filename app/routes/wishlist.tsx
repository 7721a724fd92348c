import { data } from "react-router";
import { Link, metaIntl, useT } from "../i18n/index.ts";
import type { z } from "zod";
import { createListSchema, itemIdSchema, listIdSchema, moveToCartSchema, renameListSchema, selectedListSchema, sharingSchema, updateItemSchema, wishlistField } from "../../core/wishlist/index.ts";
import { guardedMeta, MemberErrorBoundary } from "../components/account/auth-guard.tsx";
import { Notice } from "../components/account/page-shell.tsx";
import { ListNavigation, ListSettings } from "../components/wishlist/list-settings.tsx";
import { WishlistItemRow, type WishlistActionResult } from "../components/wishlist/wishlist-item-row.tsx";
import { ensureCartId } from "../lib/cart.server.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { requireViewer } from "../lib/session.server.ts";
import { track } from "../lib/analytics.server.ts";
import type { Route } from "./+types/wishlist";
import { fieldWords, firstWords, localizedRedirect, localizeText, serverT } from "../lib/i18n.server.ts";
import { storedWishlistName, wishlistName } from "../lib/format.ts";
import { noStore } from "../lib/private-page.ts";

export const meta: Route.MetaFunction = (args) => guardedMeta(metaIntl(args.matches).formatMessage({ id: "wishlist.meta.title" }))(args);

export const headers: Route.HeadersFunction = () => noStore;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const lists = await context.useCases.wishlist.listWishlists(viewer.id);
  const asked = new URL(request.url).searchParams.get("list");
  let selectedId = lists[0]?.id ?? null;
  if (asked !== null) {
    // Someone else's list id is answered exactly like one that does not exist.
    const parsed = selectedListSchema.safeParse(asked);
    if (!parsed.success || !lists.some((l) => l.id === parsed.data)) throw data(null, { status: 404, headers: noStore });
    selectedId = parsed.data;
  }
  const list = selectedId === null ? null : await context.useCases.wishlist.getWishlist(viewer.id, selectedId);
  return data(
    {
      lists: lists.map(({ id, name, description, isPublic, shareCode, itemCount }) => ({ id, name, description, isPublic, shareCode, itemCount })),
      list,
      firstListId: lists[0]?.id ?? null,
      shareBase: `${context.baseUrl}/wishlist/`,
    },
    { headers: noStore },
  );
}

/** Every change on the page; each acts only on the signed-in viewer's own lists and items. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const fields = await readForm(request, { multiline: ["notes", "description"] });
  const intent = fields.intent ?? "";
  const target = (key: "itemId" | "listId") => (/^\d{1,9}$/.test(fields[key] ?? "") ? Number(fields[key]) : null);
  // What the page is told, in its language.
  const said = (id: Parameters<typeof wishlistField>[0]) => localizeText(request, wishlistField(id));
  const reply = (result: WishlistActionResult, status = result.ok ? 200 : 400) => data(result, { status, headers: noStore });
  const invalid = (error: z.ZodError, key: "itemId" | "listId" | null) =>
    reply({ intent, target: key ? target(key) : null, ok: false, error: firstWords(request, error, wishlistField("cart.domain.badRequest")), fieldErrors: fieldWords(request, error) });

  try {
    switch (intent) {
      case "create-list": {
        const parsed = createListSchema.safeParse(fields);
        if (!parsed.success) return invalid(parsed.error, null);
        const listId = await context.useCases.wishlist.createWishlist(viewer.id, parsed.data);
        return localizedRedirect(request, `/wishlist?list=${listId}`, { status: 303, headers: noStore });
      }
      case "rename-list": {
        // The form shows the default name in the page's language; sent back unchanged, it stays the default.
        const parsed = renameListSchema.safeParse({ ...fields, name: storedWishlistName(serverT(request), fields.name) });
        if (!parsed.success) return invalid(parsed.error, "listId");
        await context.useCases.wishlist.renameWishlist(viewer.id, parsed.data);
        return reply({ intent, target: parsed.data.listId, ok: true, message: said("wishlist.domain.listRenamed") });
      }
      case "delete-list": {
        const parsed = listIdSchema.safeParse(fields);
        if (!parsed.success) return invalid(parsed.error, "listId");
        await context.useCases.wishlist.deleteWishlist(viewer.id, parsed.data.listId);
        return localizedRedirect(request, "/wishlist", { status: 303, headers: noStore });
      }
      case "sharing": {
        const parsed = sharingSchema.safeParse(fields);
        if (!parsed.success) return invalid(parsed.error, "listId");
        const code = await context.useCases.wishlist.setWishlistSharing(viewer.id, parsed.data);
        return reply({ intent, target: parsed.data.listId, ok: true, message: said(code ? "wishlist.domain.madePublic" : "wishlist.domain.madePrivate") });
      }
      case "update-item": {
        const parsed = updateItemSchema.safeParse(fields);
        if (!parsed.success) return invalid(parsed.error, "itemId");
        await context.useCases.wishlist.updateItem(viewer.id, parsed.data);
        return reply({ intent, target: parsed.data.itemId, ok: true, message: said("wishlist.domain.itemUpdated") });
      }
      case "remove-item": {
        const parsed = itemIdSchema.safeParse(fields);
        if (!parsed.success) return invalid(parsed.error, "itemId");
        await context.useCases.wishlist.removeItem(viewer.id, parsed.data.itemId);
        return reply({ intent, target: null, ok: true, message: said("wishlist.domain.removed") });
      }
      case "move-to-cart": {
        const parsed = moveToCartSchema.safeParse(fields);
        if (!parsed.success) return invalid(parsed.error, "itemId");
        const { cartId } = await ensureCartId(request, context);
        const moved = await context.useCases.wishlist.moveItemToCart(viewer.id, parsed.data, cartId);
        track(request, context, { type: "add_to_cart", productId: moved.productId, variantId: moved.variantId, quantity: 1, valueCents: moved.unitPriceCents });
        return reply({ intent, target: null, ok: true, message: said("wishlist.domain.movedToCart") });
      }
      default:
        return reply({ intent, target: null, ok: false, error: said("wishlist.domain.unknownAction") });
    }
  } catch (error) {
    const refused = expectDomainError(error);
    const key = intent.endsWith("-item") || intent === "move-to-cart" ? "itemId" : "listId";
    return reply({ intent, target: target(key), ok: false, error: localizeText(request, refused) }, refused.status);
  }
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, list, firstListId, shareBase } = loaderData;
  const t = useT();
  const result = (actionData as WishlistActionResult | undefined) ?? null;
  // Messages about something no longer on the page (a removed or moved item) are shown above the list.
  const pageMessage = result && result.target === null && result.intent !== "create-list" ? result : null;
  const itemIds = new Set(list?.items.map((i) => i.id));
  const orphan = result && !result.ok && result.target !== null && (result.intent.endsWith("-item") || result.intent === "move-to-cart") && !itemIds.has(result.target) ? result : null;
  const shown = pageMessage ?? orphan;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-h1">{t("wishlist.heading")}</h1>
      {shown ? (
        <div className="mt-4">
          <Notice tone={shown.ok ? "ok" : "error"}>{shown.ok ? shown.message : shown.error}</Notice>
        </div>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-label={t("wishlist.lists")}>
          <ListNavigation lists={lists} selectedId={list?.id ?? null} result={result} />
        </aside>

        {list ? (
          <div className="min-w-0 space-y-8">
            <section aria-labelledby="list-heading">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 id="list-heading" className="break-words font-display text-h2">
                  {wishlistName(t, list.name)}
                </h2>
                <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold uppercase">{list.isPublic ? t("wishlist.public") : t("wishlist.private")}</span>
              </div>
              {list.description ? <p className="mt-1 break-words text-muted">{list.description}</p> : null}
              {list.items.length === 0 ? (
                <div className="mt-4 rounded border border-line p-6 text-center">
                  <p className="font-semibold">{t("wishlist.list.empty")}</p>
                  <p className="mt-1 text-muted">{t("wishlist.list.emptyHint")}</p>
                  <Link to="/shop" className="mt-4 inline-flex min-h-11 items-center rounded bg-ink px-5 py-2 font-semibold text-paper">
                    {t("wishlist.browse")}
                  </Link>
                </div>
              ) : (
                <ul className="mt-4 space-y-4" aria-label={t("wishlist.itemsIn", { name: wishlistName(t, list.name) })}>
                  {list.items.map((item) => (
                    <WishlistItemRow key={item.id} item={item} result={result} />
                  ))}
                </ul>
              )}
            </section>
            <ListSettings list={list} isFirst={list.id === firstListId} shareBase={shareBase} result={result} />
          </div>
        ) : (
          <section aria-labelledby="empty-heading" className="rounded border border-line p-8 text-center">
            <h2 id="empty-heading" className="font-display text-h2">
              {t("wishlist.empty.heading")}
            </h2>
            <p className="mt-2 text-muted">{t("wishlist.empty.hint")}</p>
            <Link to="/shop" className="mt-4 inline-flex min-h-11 items-center rounded bg-ink px-5 py-2 font-semibold text-paper">
              {t("wishlist.browse")}
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
