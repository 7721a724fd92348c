import { data } from "react-router";
import { slugSchema } from "../../core/catalog/index.ts";
import { alertsField, notifyFormSchema } from "../../core/alerts/index.ts";
import { entryFormSchema, rafflesText } from "../../core/raffles/index.ts";
import type { DomainError } from "../../core/shared/errors.ts";
import type { TextRef } from "../../core/shared/text.ts";
import type { StoreContext } from "../context.ts";
import type { NotifyResult } from "../components/product/notify-me.tsx";
import type { RaffleResult } from "../components/product/raffle-entry.tsx";
import { firstWords, localizeText, requestLocale } from "./i18n.server.ts";
import { expectDomainError } from "./domain-errors.server.ts";
import { badForm } from "./form.server.ts";
import { getViewer } from "./session.server.ts";
import { noStore } from "./private-page.ts";

type Fields = Record<string, string>;

/**
 * The product page's forms: "Notify me" (intent "notify") or the raffle's entry (intent "raffle"), for the
 * product named in the URL (unknown: a 404).
 */
export async function productFormAction(request: Request, context: StoreContext, slugParam: string | undefined, fields: Fields) {
  if (fields.intent !== "notify" && fields.intent !== "raffle") badForm("Unknown action.");
  const slug = slugSchema.safeParse(slugParam);
  const product = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data, requestLocale(request)) : null;
  if (!product) throw data(null, { status: 404, headers: noStore });
  const viewer = await getViewer(request, context);
  if (fields.intent === "raffle") return raffleAction(request, context, product, viewer, fields);
  return notifyAction(request, context, product, viewer, fields);
}

/**
 * The "Notify me" form (intent "notify", ADR 0032): a fetcher's post, answered with the result, or a plain
 * form without JavaScript, answered with the page and the same message. A signed-in shopper's address is
 * the session's, never the form's. A bad address is a 400 with the message beside the field.
 */
async function notifyAction(
  request: Request,
  context: StoreContext,
  product: { id: number; onSaleAt: string | null },
  viewer: { id: string; email: string } | null,
  fields: Fields,
) {
  const given = fields.email ?? "";
  // Given back to its field when refused: no more than a field holds.
  const email = given.slice(0, 254);
  // A signed-in shopper's page names the account's address (a hidden field): the session's is used, and a
  // page made for another account (signed out and in again in another tab) is refused rather than guessed.
  if (viewer && given.trim().toLowerCase() !== viewer.email.toLowerCase()) {
    const message = localizeText(request, alertsField("shop.domain.notify.otherAccount"));
    return data<{ notify: NotifyResult }>({ notify: { ok: false, error: message, email: "" } }, { status: 400, headers: noStore });
  }
  const parsed = notifyFormSchema.safeParse({ email: viewer ? viewer.email : given, variant: fields.variant });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = firstWords(request, parsed.error, alertsField("account.error.invalidEmail"));
    const onEmail = issue?.path[0] === "email";
    return data<{ notify: NotifyResult }>({ notify: { ok: false, error: message, ...(onEmail ? { fieldError: message } : {}), email } }, { status: 400, headers: noStore });
  }
  try {
    await context.useCases.alerts.subscribeToAlert(
      { productId: product.id, variantId: parsed.data.variant, email: parsed.data.email, customerId: viewer?.id ?? null, locale: requestLocale(request) },
      context.clientIp,
    );
  } catch (error) {
    const refused = expectDomainError(error);
    return data<{ notify: NotifyResult }>({ notify: { ok: false, error: localizeText(request, refused), email } }, { status: refused.status, headers: noStore });
  }
  return data<{ notify: NotifyResult }>({ notify: { ok: true, upcoming: product.onSaleAt !== null } }, { headers: noStore });
}

/**
 * The raffle's entry form (intent "raffle", ADR 0035): the signed-in shopper's own account, one entry; the
 * answer is the page with a message (the form works without JavaScript). Refusals come back translated.
 */
async function raffleAction(
  request: Request,
  context: StoreContext,
  product: { id: number; variants: { id: number; size: string | null; color: string | null }[] },
  viewer: { id: string } | null,
  fields: Fields,
) {
  const refuse = (message: DomainError | TextRef, status: number) => data<{ raffle: RaffleResult }>({ raffle: { ok: false, error: localizeText(request, message) } }, { status, headers: noStore });
  if (!viewer) return refuse(rafflesText("shop.domain.raffle.signInToEnter"), 401);
  const parsed = entryFormSchema.safeParse({ variant: fields.variant });
  if (!parsed.success) return refuse(rafflesText("shop.domain.raffle.chooseSize"), 400);
  try {
    const entry = await context.useCases.raffles.enterRaffle({ productId: product.id, accountId: viewer.id, variantId: parsed.data.variant });
    const variant = product.variants.find((v) => v.id === entry.variantId);
    const size = [variant?.size, variant?.color].filter(Boolean).join(" / ");
    return data<{ raffle: RaffleResult }>({ raffle: { ok: true, created: entry.created, code: entry.code, size } }, { headers: noStore });
  } catch (error) {
    const refused = expectDomainError(error);
    return refuse(refused, refused.status);
  }
}
