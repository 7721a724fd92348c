import { useNavigation } from "react-router";
import { Form, useT, type MessageId } from "../../i18n/index.ts";
import { MAX_NOTES, optionsLabel, WISHLIST_PRIORITIES, type ItemOffer, type WishlistPriority } from "../../../core/wishlist/rules.ts";
import { useMoneyText } from "../product/display-currency.tsx";
import { colorLabel } from "../../lib/format.ts";
import { Notice } from "../account/page-shell.tsx";
import { ItemSummary, type ItemSummaryData } from "./item-summary.tsx";

/** What /wishlist's action answers; `target` is the item or list the message belongs next to. */
export type WishlistActionResult =
  | { intent: string; target: number | null; ok: true; message: string }
  | { intent: string; target: number | null; ok: false; error: string; fieldErrors?: Record<string, string> };

export interface OwnedItem extends ItemSummaryData {
  id: number;
  notes: string;
  offer: ItemOffer;
}

/** The intents whose messages belong next to an item (a list's id may equal an item's). */
const ITEM_INTENTS = ["update-item", "move-to-cart", "remove-item"];

/** Core's PRIORITY_LABEL, in the page's language. */
const PRIORITY_LABEL: Readonly<Record<WishlistPriority, MessageId>> = { high: "wishlist.priority.high", medium: "wishlist.priority.medium", low: "wishlist.priority.low" };

const smallButton = "inline-flex min-h-11 items-center justify-center rounded px-4 py-2 text-sm font-semibold disabled:opacity-50";

/** One saved item on the owner's page: priority and notes, move to cart, remove. Plain forms: they work without JavaScript. */
export function WishlistItemRow({ item, result }: { item: OwnedItem; result: WishlistActionResult | null }) {
  const navigation = useNavigation();
  const moneyText = useMoneyText();
  const t = useT();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("itemId") === String(item.id);
  const headingId = `wishlist-item-${item.id}`;
  const notesId = `${headingId}-notes`;
  const priorityId = `${headingId}-priority`;
  const choiceId = `${headingId}-variant`;
  const mine = result && result.target === item.id && ITEM_INTENTS.includes(result.intent) ? result : null;
  const notesError = mine && !mine.ok ? mine.fieldErrors?.notes : undefined;
  const { offer } = item;
  const canMove = offer.availability === "in_stock";
  const choices = offer.variantId === null ? offer.choices : [];

  return (
    <li>
      <article aria-labelledby={headingId} className="rounded border border-line bg-card p-4" data-testid="wishlist-item">
        <ItemSummary item={item} headingId={headingId} />
        {item.notes ? <p className="mt-3 whitespace-pre-line break-words text-sm">{item.notes}</p> : null}
        {mine ? (
          <div className="mt-3">
            <Notice tone={mine.ok ? "ok" : "error"} id={`${headingId}-result`}>
              {mine.ok ? mine.message : mine.error}
            </Notice>
          </div>
        ) : null}

        <div className="mt-4 flex flex-wrap items-end gap-2">
          <Form method="post" preventScrollReset className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
            <input type="hidden" name="intent" value="move-to-cart" />
            <input type="hidden" name="itemId" value={item.id} />
            {choices.length > 0 ? (
              <div className="w-full sm:w-auto">
                <label htmlFor={choiceId} className="mb-1 block text-sm font-semibold">
                  {t("wishlist.item.sizeAndColor")}
                </label>
                <select id={choiceId} name="variantId" required defaultValue="" className="h-11 w-full rounded border border-line bg-paper px-2 sm:w-auto">
                  <option value="" disabled>
                    {t("wishlist.item.choose")}
                  </option>
                  {choices.map((v) => (
                    <option key={v.id} value={v.id} disabled={v.available <= 0}>
                      {v.size || v.color ? optionsLabel(v.size, v.color && colorLabel(t, v.color)) : t("wishlist.item.standard")} — {moneyText(v.priceCents)}
                      {v.available <= 0 ? ` ${t("wishlist.item.choiceOutOfStock")}` : ""}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <button type="submit" disabled={!canMove || busy("move-to-cart")} className={`${smallButton} bg-ink text-paper`} data-testid="move-to-cart">
              {busy("move-to-cart") ? t("wishlist.item.moving") : t("wishlist.item.moveToCart")}
              <span className="sr-only">: {item.productName}</span>
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="remove-item" />
            <input type="hidden" name="itemId" value={item.id} />
            <button type="submit" disabled={busy("remove-item")} className={`${smallButton} border border-line hover:bg-paper`}>
              {busy("remove-item") ? t("wishlist.item.removing") : t("cart.line.remove")}
              <span className="sr-only">: {item.productName}</span>
            </button>
          </Form>
        </div>

        <details className="mt-3 border-t border-line pt-2" open={Boolean(notesError)}>
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold">{t("wishlist.item.priorityAndNotes")}</summary>
          <Form method="post" preventScrollReset className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr]">
            <input type="hidden" name="intent" value="update-item" />
            <input type="hidden" name="itemId" value={item.id} />
            <div>
              <label htmlFor={priorityId} className="mb-1 block text-sm font-semibold">
                {t("wishlist.item.priority")}
              </label>
              <select id={priorityId} name="priority" defaultValue={item.priority} className="h-11 w-full rounded border border-line bg-paper px-2">
                {WISHLIST_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {t(PRIORITY_LABEL[p])}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-0">
              <label htmlFor={notesId} className="mb-1 block text-sm font-semibold">
                {t("wishlist.item.notes")}
              </label>
              <textarea
                id={notesId}
                name="notes"
                rows={2}
                maxLength={MAX_NOTES}
                defaultValue={item.notes}
                className="w-full rounded border border-line bg-paper px-3 py-2"
                {...(notesError ? { "aria-invalid": true, "aria-describedby": `${headingId}-result` } : {})}
              />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" disabled={busy("update-item")} className={`${smallButton} bg-ink text-paper`}>
                {busy("update-item") ? t("wishlist.saving") : t("wishlist.item.save")}
                <span className="sr-only"> {t("wishlist.item.saveWhat", { name: item.productName })}</span>
              </button>
            </div>
          </Form>
        </details>
      </article>
    </li>
  );
}
