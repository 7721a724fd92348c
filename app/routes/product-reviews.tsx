import { data, redirect } from "react-router";
import { Link, metaIntl, useT } from "../i18n/index.ts";
import { z } from "zod";
import { optionValues, slugSchema } from "../../core/catalog/index.ts";
import { reviewFormSchema, reviewIdSchema, reviewsText } from "../../core/reviews/index.ts";
import type { DomainError } from "../../core/shared/errors.ts";
import type { TextRef } from "../../core/shared/text.ts";
import { ReviewForm } from "../components/reviews/review-form.tsx";
import type { ReviewedProduct } from "../components/reviews/types.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { getViewer } from "../lib/session.server.ts";
import type { ReviewActionResult } from "../components/reviews/types.ts";
import type { Route } from "./+types/product-reviews";
import { fieldWords, localizedRedirect, localizeText, requestLocale, serverT } from "../lib/i18n.server.ts";
import { noStore } from "../lib/private-page.ts";


// Moderation is not here: hiding a review asks a reason and is audited, in the back office (/admin/reviews).
const intentSchema = z.enum(["create", "update", "helpful"]);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "shop.reviews.heading" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

/** The page exists for products that exist. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const found = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data, requestLocale(request)) : null;
  if (!found) {
    const renamed = slug.success ? await context.useCases.catalog.findRenamedProduct(slug.data) : null;
    if (renamed) throw localizedRedirect(request, `/shop/${renamed}/reviews`, 301);
    throw data(null, { status: 404 });
  }
  return { name: found.name };
}

/**
 * Every review change posts here: with JavaScript through a fetcher (it answers with the result and the
 * product page reloads its reviews), without it as a plain form (success goes back to the page, 303;
 * a failure renders this page with the message and, for a review, the form as it was typed).
 * The author and the voter are always the session's viewer.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const found = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data, requestLocale(request)) : null;
  if (!found) throw data(null, { status: 404 });
  const { sizes, colors } = optionValues(found.variants);
  const product: ReviewedProduct = { slug: found.slug, name: found.name, category: found.category, sizes, colors };

  const fields = await readForm(request, { multiline: ["comment"] });
  const t = serverT(request);
  const say = (said: DomainError | TextRef) => localizeText(request, said);
  const intent = intentSchema.safeParse(fields.intent);
  const productPage = `/shop/${product.slug}`;
  const back = Object.hasOwn(fields, "redirectTo") ? safeRedirectPath(fields.redirectTo, productPage) : null;
  const reply = (result: ReviewActionResult, status = 200) => {
    if (result.ok && back) throw redirect(`${back.split("#")[0]}#reviews`, { status: 303, headers: noStore });
    return data<ReviewActionResult>(result, { status, headers: noStore });
  };
  if (!intent.success) return reply({ intent: "unknown", reviewId: null, ok: false, error: say(reviewsText("shop.reviews.error.unknownAction")), signIn: false, product }, 400);
  const viewer = await getViewer(request, context);

  if (intent.data === "create" || intent.data === "update") {
    const write = intent.data;
    // The message and the fields' messages, worded.
    const fail = (error: string, status: number, errors: Record<string, string> = {}) =>
      reply({ intent: write, ok: false, error, fieldErrors: errors, fields, signIn: status === 401, product }, status);
    if (!viewer) return fail(say(reviewsText("shop.reviews.error.signInToReview")), 401);
    const parsed = reviewFormSchema.safeParse(fields);
    if (!parsed.success) {
      const errors = fieldWords(request, parsed.error);
      return fail(Object.values(errors)[0] ?? say(reviewsText("shop.reviews.error.check")), 400, errors);
    }
    try {
      const author = { userId: viewer.id, productId: found.id };
      const saved = write === "create" ? await context.useCases.reviews.createReview(author, parsed.data) : await context.useCases.reviews.updateReview(author, parsed.data);
      const message = `${t(write === "create" ? "shop.reviews.posted" : "shop.reviews.updated")}${saved.verified ? ` ${t("shop.reviews.postedVerified")}` : ""}`;
      return reply({ intent: write, ok: true, message });
    } catch (error) {
      const refused = expectDomainError(error);
      const field = typeof refused.details.field === "string" ? refused.details.field : null;
      const message = say(refused);
      return fail(message, refused.status, field ? { [field]: message } : {});
    }
  }

  const reviewId = reviewIdSchema.safeParse(fields.reviewId);
  const fail = (error: DomainError | TextRef, status: number) =>
    reply({ intent: "helpful", reviewId: reviewId.success ? reviewId.data : null, ok: false, error: say(error), signIn: status === 401, product }, status);
  if (!viewer) return fail(reviewsText("shop.reviews.error.signInForHelpful"), 401);
  if (!reviewId.success) return fail(reviewsText("shop.reviews.error.reviewNotFound"), 400);
  try {
    const vote = await context.useCases.reviews.markHelpful({ userId: viewer.id, reviewId: reviewId.data });
    const message = t(vote.counted ? "shop.reviews.helpful.thanks" : "shop.reviews.helpful.already");
    return reply({ intent: "helpful", reviewId: reviewId.data, ok: true, counted: vote.counted, helpfulCount: vote.helpfulCount, message });
  } catch (error) {
    const refused = expectDomainError(error);
    return fail(refused, refused.status);
  }
}

/** Only reached without JavaScript, when a review change failed (or by typing the address). */
export default function ProductReviewsPage({ actionData, loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const result = actionData && !actionData.ok ? actionData : null;
  const productPage = `/shop/${params.slug}`;
  const name = loaderData.name;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-display text-h1">{t("shop.reviews.page.title", { name })}</h1>
      {result ? (
        <p role="alert" className="mt-4 rounded border border-danger px-3 py-2 text-danger">
          {result.error}
        </p>
      ) : (
        <p className="mt-4">{t("shop.reviews.page.onProduct")}</p>
      )}
      {result?.signIn ? (
        <p className="mt-4">
          <Link to={`/login?redirectTo=${encodeURIComponent(`${productPage}#reviews`)}`} className="inline-block rounded bg-ink px-5 py-3 font-semibold text-paper">
            {t("shop.signIn")}
          </Link>
        </p>
      ) : null}
      {result && (result.intent === "create" || result.intent === "update") && !result.signIn ? (
        <div className="mt-6">
          <ReviewForm product={result.product} intent={result.intent} values={result.fields} errors={result.fieldErrors} redirectTo={productPage} />
        </div>
      ) : null}
      <p className="mt-8">
        <Link to={`${productPage}#reviews`} className="underline">
          {t("shop.reviews.page.back", { name })}
        </Link>
      </p>
    </div>
  );
}
