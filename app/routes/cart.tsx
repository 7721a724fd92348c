import { data, redirect, useSearchParams } from "react-router";
import { Form, Link, metaIntl, useLocalePath, useT } from "../i18n/index.ts";
import { z } from "zod";
import { addByOptionsSchema, CartError, addToCartSchema, removeLineSchema, setQuantitySchema } from "../../core/cart/index.ts";
import { CartContents } from "../components/cart/cart-contents.tsx";
import { useCart } from "../components/cart/cart-context.tsx";
import { ensureCartId, readCartId } from "../lib/cart.server.ts";
import { domainErrorReply } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { joinForPage, queueTicketsOf } from "../lib/queue.server.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { track } from "../lib/analytics.server.ts";
import { localizeText, requestLocale } from "../lib/i18n.server.ts";
import { signedInAccountId } from "../lib/session.server.ts";
import { localePath } from "../i18n/index.ts";
import type { QueueStatus } from "../../core/queue/index.ts";
import { isDomainError } from "../../core/shared/errors.ts";
import { firstText } from "../../core/shared/field-text.ts";
import type { TextRef } from "../../core/shared/text.ts";
import type { CartActionResult } from "../components/cart/types.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "cart.meta.title" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];


const intentSchema = z.enum(["add", "set", "remove", "clear"]);

function firstIssue(error: z.ZodError): TextRef | string {
  return firstText(error) ?? "cart.domain.badRequest";
}

/** What the action says before it is worded: a text of the catalogue (by id, or a field check's text). */
type Said = { ok: true; message: string } | { ok: false; error: TextRef | string };

/**
 * Every cart change posts here: as a plain form without JavaScript (then it redirects back to the page
 * the shopper was on), or through a fetcher (then it answers with the result and the page updates in place).
 */
export async function action({ request, context }: Route.ActionArgs) {
  // The whole form, redirectTo included, is checked before the cart changes.
  const fields = await readForm(request);
  // The texts said, in the page's language.
  const say = (result: Said): CartActionResult =>
    result.ok ? { ok: true, message: localizeText(request, result.message) } : { ok: false, error: localizeText(request, result.error) };
  const intent = intentSchema.safeParse(fields.intent);
  if (!intent.success) return data<CartActionResult>(say({ ok: false, error: "cart.domain.unknownAction" }), { status: 400 });
  const redirectTo = Object.hasOwn(fields, "redirectTo") ? safeRedirectPath(fields.redirectTo) : null;
  const headers = new Headers();

  try {
    let message: string;
    if (intent.data === "add") {
      // A guest's cart is only made for an item that can be added: a refused form leaves no cart behind.
      let input: { variantId: number; quantity: number };
      if (fields.variantId !== undefined) {
        const parsed = addToCartSchema.safeParse(fields);
        if (!parsed.success) return data<CartActionResult>(say({ ok: false, error: firstIssue(parsed.error) }), { status: 400 });
        input = parsed.data;
      } else {
        const parsed = addByOptionsSchema.safeParse(fields);
        if (!parsed.success) return data<CartActionResult>(say({ ok: false, error: firstIssue(parsed.error) }), { status: 400 });
        input = { variantId: await context.useCases.cart.findVariantByOptions(parsed.data), quantity: parsed.data.quantity };
      }
      const { cartId, setCookie } = await ensureCartId(request, context);
      if (setCookie) headers.append("Set-Cookie", setCookie);
      // A drop's waiting room: the places this browser's cookie holds (signed; an account's own place is found by core).
      const add = async () => context.useCases.cart.addToCart(cartId, { ...input, queueTickets: await queueTicketsOf(request, context) });
      let added: Awaited<ReturnType<typeof add>>;
      try {
        added = await add();
      } catch (error) {
        const queued = queuedProduct(error);
        if (!queued) throw error;
        const joined = await joinLineForAdd(request, context, queued.productId, headers);
        if (joined?.state === "admitted") {
          // Let in at once (nobody ahead): the add goes through with the new place, as pressed.
          added = await context.useCases.cart.addToCart(cartId, { ...input, queueTickets: [joined.ticketId] });
        } else if (redirectTo || !context.dataRequest) {
          // A page's form (without JavaScript, or any form posted as a page): to the product's address, which
          // shows the place (the waiting page), or why none was given (too many joins).
          throw redirect(localePath(`/shop/${queued.slug}`, requestLocale(request)), { status: 303, headers });
        } else if (joined) {
          // The page's app shows the place in place of Add to Cart.
          return data<CartActionResult>({ ok: false, error: localizeText(request, error as CartError), queue: joined }, { status: 403, headers });
        } else {
          throw error;
        }
      }
      track(request, context, { type: "add_to_cart", productId: added.productId, variantId: input.variantId, quantity: input.quantity, valueCents: added.unitPriceCents * input.quantity });
      message = "cart.domain.added";
    } else {
      const cartId = await readCartId(request, context);
      if (!cartId) return data<CartActionResult>(say({ ok: false, error: "cart.empty" }), { status: 400 });
      if (intent.data === "set") {
        const parsed = setQuantitySchema.safeParse(fields);
        if (!parsed.success) return data<CartActionResult>(say({ ok: false, error: firstIssue(parsed.error) }), { status: 400 });
        await context.useCases.cart.setLineQuantity(cartId, parsed.data);
        message = parsed.data.quantity <= 0 ? "cart.domain.removed" : "cart.domain.quantityUpdated";
      } else if (intent.data === "remove") {
        const parsed = removeLineSchema.safeParse(fields);
        if (!parsed.success) return data<CartActionResult>(say({ ok: false, error: firstIssue(parsed.error) }), { status: 400 });
        await context.useCases.cart.removeLine(cartId, parsed.data.variantId);
        message = "cart.domain.removed";
      } else {
        // Clear Cart asks first (nothing is removed until the shopper says yes). The page's own
        // question sends confirm=yes; a form posted without it (no JavaScript) is sent to the question as a page.
        if (fields.confirm !== "yes") {
          if (redirectTo !== null || !context.dataRequest) throw redirect(localePath("/cart?clear=confirm", requestLocale(request)), { status: 303, headers });
          return data<CartActionResult>(say({ ok: false, error: "cart.domain.confirmClear" }), { status: 400, headers });
        }
        await context.useCases.cart.clearCart(cartId);
        message = "cart.domain.cleared";
      }
    }
    if (redirectTo) throw redirect(redirectTo, { status: 303, headers });
    return data<CartActionResult>(say({ ok: true, message }), { headers });
  } catch (error) {
    return domainErrorReply(
      error,
      (e): CartActionResult => {
        const slug = e.code === "cart.sign_in_required" ? e.details.slug : undefined;
        const error = localizeText(request, e);
        return typeof slug === "string" ? { ok: false, error, signInTo: `/shop/${slug}` } : { ok: false, error };
      },
      { headers },
    );
  }
}

/** The product of an add refused for want of a place in a drop's line ("Join the line for X to buy it."), or null. */
function queuedProduct(error: unknown): { productId: number; slug: string } | null {
  if (!(error instanceof CartError) || error.code !== "cart.queue_required") return null;
  const { slug, productId } = error.details;
  return typeof slug === "string" && typeof productId === "number" ? { productId, slug } : null;
}

/**
 * An add refused for want of a place in a drop's line: the visitor joins it here and now (a page left open
 * through the countdown, a form posted before the line started), so the press of Add to Cart carries on into
 * the line instead of a dead end. Null when joining was refused too (too many joins: the product's address
 * then says so).
 */
async function joinLineForAdd(request: Request, context: Route.ActionArgs["context"], productId: number, headers: Headers): Promise<QueueStatus | null> {
  try {
    const joined = await joinForPage(request, context, productId, await signedInAccountId(request, context));
    if (joined.setCookie) headers.append("Set-Cookie", joined.setCookie);
    return joined.status;
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}

/**
 * Clear Cart's question as a page (/cart?clear=confirm), where a Clear Cart pressed without JavaScript leads:
 * nothing is removed until "Yes, clear cart"; "Keep my items" goes back to the cart as it was.
 */
function ClearCartQuestion({ count }: { count: number }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section aria-labelledby="clear-cart-heading" className="mt-6 rounded border-2 border-ink p-4" data-testid="clear-cart-question">
      <h2 id="clear-cart-heading" className="font-display text-h3">
        {t("cart.clear.heading")}
      </h2>
      <p className="mt-2">{t("cart.clear.question", { count })}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action="/cart">
          <input type="hidden" name="intent" value="clear" />
          <input type="hidden" name="confirm" value="yes" />
          <input type="hidden" name="redirectTo" value={localePath("/cart")} />
          <button type="submit" className="min-h-11 rounded bg-ink px-4 py-2 font-semibold text-paper">
            {t("cart.clear.confirm")}
          </button>
        </Form>
        <Link to="/cart" className="inline-flex min-h-11 items-center rounded border border-line px-4 py-2 font-semibold">
          {t("cart.clear.keep")}
        </Link>
      </div>
    </section>
  );
}

/** The cart as a page: where the cart button leads without JavaScript, and where a failed plain-form change is explained. */
export default function CartPage({ actionData }: Route.ComponentProps) {
  const { cart } = useCart();
  const t = useT();
  const localePath = useLocalePath();
  const [searchParams] = useSearchParams();
  const asking = searchParams.get("clear") === "confirm" && cart.lines.length > 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-h1">{t("cart.page.heading", { count: cart.itemCount })}</h1>
      {asking ? <ClearCartQuestion count={cart.itemCount} /> : null}
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded border border-danger px-3 py-2 text-danger">
          {actionData.error}
          {actionData.signInTo ? (
            <>
              {" "}
              <Link to={`/login?redirectTo=${encodeURIComponent(localePath(actionData.signInTo))}`} className="font-semibold underline">
                {t("cart.signInToBuy")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="mt-6">
        <CartContents />
      </div>
      <p className="mt-8">
        <Link to="/shop" className="underline">
          {t("cart.page.continueShopping")}
        </Link>
      </p>
    </div>
  );
}
