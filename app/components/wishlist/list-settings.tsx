import { useNavigation } from "react-router";
import { Form, Link, useT } from "../../i18n/index.ts";
import type { WishlistSummary } from "../../../core/wishlist/index.ts";
import { MAX_LIST_DESCRIPTION, MAX_LIST_NAME } from "../../../core/wishlist/rules.ts";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton, Section } from "../account/page-shell.tsx";
import type { WishlistActionResult } from "./wishlist-item-row.tsx";
import { wishlistName } from "../../lib/format.ts";

/** What the list screens show of a list. */
export type ListSummary = Omit<WishlistSummary, "createdAt" | "updatedAt">;

function useBusy() {
  const navigation = useNavigation();
  return (intent: string, listId?: number) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (listId === undefined || navigation.formData?.get("listId") === String(listId));
}

function ResultNotice({ result, intents, target }: { result: WishlistActionResult | null; intents: string[]; target: number | null }) {
  if (!result || !intents.includes(result.intent) || result.target !== target) return null;
  return <Notice tone={result.ok ? "ok" : "error"}>{result.ok ? result.message : result.error}</Notice>;
}

/** The viewer's lists, as links (?list=id), and the form that makes a further one. */
export function ListNavigation({ lists, selectedId, result }: { lists: ListSummary[]; selectedId: number | null; result: WishlistActionResult | null }) {
  const busy = useBusy();
  const t = useT();
  const createError = result && !result.ok && result.intent === "create-list" ? result : null;
  return (
    <div className="space-y-6">
      {lists.length > 0 ? (
        <nav aria-label={t("wishlist.nav.label")}>
          <ul className="space-y-1">
            {lists.map((list) => (
              <li key={list.id}>
                <Link
                  to={`/wishlist?list=${list.id}`}
                  aria-current={list.id === selectedId ? "page" : undefined}
                  className={`flex min-h-11 items-center justify-between gap-2 rounded px-3 py-2 font-semibold ${
                    list.id === selectedId ? "bg-ink text-paper" : "hover:bg-card"
                  }`}
                >
                  <span className="min-w-0 break-words">{wishlistName(t, list.name)}</span>
                  <span className="shrink-0 text-sm font-normal">
                    {list.itemCount}
                    <span className="sr-only"> {t("wishlist.nav.count", { count: list.itemCount })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Form method="post" action="/wishlist" className="space-y-3" aria-labelledby="new-list-heading">
        <h2 id="new-list-heading" className="font-display text-h3">
          {t("wishlist.new.heading")}
        </h2>
        <input type="hidden" name="intent" value="create-list" />
        {createError ? <Notice tone="error" id="new-list-error">{createError.error}</Notice> : null}
        <div>
          <label htmlFor="new-list-name" className={labelClass}>
            {t("wishlist.field.listName")}
          </label>
          <input
            id="new-list-name"
            name="name"
            required
            maxLength={MAX_LIST_NAME}
            className={inputClass}
            {...(createError ? { "aria-invalid": true, "aria-describedby": "new-list-error" } : {})}
          />
        </div>
        <button type="submit" disabled={busy("create-list")} className={secondaryButton}>
          {busy("create-list") ? t("wishlist.new.creating") : t("wishlist.new.create")}
        </button>
      </Form>
    </div>
  );
}

/** Sharing (public with a code, or private), the name and description, and deleting a further list. */
export function ListSettings({
  list,
  isFirst,
  shareBase,
  result,
}: {
  list: ListSummary;
  isFirst: boolean;
  shareBase: string;
  result: WishlistActionResult | null;
}) {
  const busy = useBusy();
  const t = useT();
  const shareUrl = list.shareCode ? `${shareBase}${list.shareCode}` : null;
  const renameError = result && !result.ok && result.intent === "rename-list" && result.target === list.id ? result : null;
  return (
    <div className="space-y-6">
      <Section title={t("wishlist.sharing.heading")} id="sharing-heading">
        <div className="space-y-3">
          <ResultNotice result={result} intents={["sharing"]} target={list.id} />
          {shareUrl ? (
            <>
              <p>{t("wishlist.sharing.public")}</p>
              <p className="break-all rounded border border-line bg-paper px-3 py-2">
                <a href={shareUrl} className="font-semibold underline" data-testid="share-link">
                  {shareUrl}
                </a>
              </p>
              <p className="text-sm text-muted">
                {t("wishlist.sharing.code")} <span className="font-mono font-semibold text-ink" data-testid="share-code">{list.shareCode}</span>
              </p>
            </>
          ) : (
            <p>{t("wishlist.sharing.private")}</p>
          )}
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="sharing" />
            <input type="hidden" name="listId" value={list.id} />
            <input type="hidden" name="visibility" value={shareUrl ? "private" : "public"} />
            <button type="submit" disabled={busy("sharing", list.id)} className={shareUrl ? secondaryButton : primaryButton}>
              {shareUrl ? t("wishlist.sharing.makePrivate") : t("wishlist.sharing.makePublic")}
            </button>
          </Form>
        </div>
      </Section>

      <Section title={t("wishlist.details.heading")} id="details-heading">
        <Form method="post" preventScrollReset className="space-y-3">
          <input type="hidden" name="intent" value="rename-list" />
          <input type="hidden" name="listId" value={list.id} />
          <ResultNotice result={result} intents={["rename-list", "delete-list"]} target={list.id} />
          <div>
            <label htmlFor="list-name" className={labelClass}>
              {t("wishlist.field.listName")}
            </label>
            <input
              id="list-name"
              name="name"
              required
              maxLength={MAX_LIST_NAME}
              defaultValue={wishlistName(t, list.name)}
              key={`name-${list.id}-${list.name}`}
              className={inputClass}
              {...(renameError?.fieldErrors?.name ? { "aria-invalid": true } : {})}
            />
          </div>
          <div>
            <label htmlFor="list-description" className={labelClass}>
              {t("wishlist.field.description")} <span className="font-normal text-muted">{t("checkout.field.optional")}</span>
            </label>
            <textarea
              id="list-description"
              name="description"
              rows={2}
              maxLength={MAX_LIST_DESCRIPTION}
              defaultValue={list.description}
              key={`description-${list.id}-${list.description}`}
              className="w-full rounded border border-line bg-card px-3 py-2"
            />
          </div>
          <button type="submit" disabled={busy("rename-list", list.id)} className={primaryButton}>
            {busy("rename-list", list.id) ? t("wishlist.saving") : t("wishlist.details.save")}
          </button>
        </Form>

        {isFirst ? (
          <p className="mt-4 text-sm text-muted">{t("wishlist.details.firstList")}</p>
        ) : (
          // A second step before anything is lost, without JavaScript.
          <details className="mt-4 border-t border-line pt-2">
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold">{t("wishlist.delete.summary")}</summary>
            <Form method="post" preventScrollReset className="mt-2 space-y-2">
              <input type="hidden" name="intent" value="delete-list" />
              <input type="hidden" name="listId" value={list.id} />
              <p className="text-sm">
                {t("wishlist.delete.warning", { name: wishlistName(t, list.name), count: list.itemCount })}
              </p>
              <button type="submit" disabled={busy("delete-list", list.id)} className="inline-flex min-h-11 items-center rounded bg-brick px-5 py-2 font-semibold text-white disabled:opacity-60">
                {busy("delete-list", list.id) ? t("wishlist.delete.deleting") : t("wishlist.delete.button")}
              </button>
            </Form>
          </details>
        )}
      </Section>
    </div>
  );
}
