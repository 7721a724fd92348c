import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { hideReviewSchema, reviewIdSchema, reviewListQuerySchema } from "../../../core/admin/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ConfirmStep, Pager, ResponsiveTable, rowClass, selectClass } from "../../components/admin/admin-ui.tsx";
import { storeDate, storeDateTime } from "../../lib/dates.ts";
import { domainErrorReply } from "../../lib/domain-errors.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/reviews";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { fieldWords, localizeText } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Reviews");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "reviews", "read");
  const url = new URL(request.url);
  const query = reviewListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [result, productChoices] = await Promise.all([context.useCases.admin.listReviewsForModeration(query), context.useCases.admin.reviewedProducts()]);
  const done = url.searchParams.get("done");
  return data(
    {
      ...result,
      products: productChoices,
      query: { visibility: query.visibility ?? "", rating: query.rating ? String(query.rating) : "", product: query.product ? String(query.product) : "" },
      search: url.search,
      done: done === "hide" || done === "unhide" ? done : null,
    },
    { headers: noStore },
  );
}

export type ReviewActionResult = { reviewId?: number; error?: string; fields?: Record<string, string>; reason?: string; confirm?: { reviewId: number; reason: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "reviews", "update");
  const fields = await readForm(request, { multiline: ["reason"] });
  const reviewId = reviewIdSchema.safeParse(fields.reviewId);
  if (!reviewId.success) return data<ReviewActionResult>({ error: "Choose a review." }, { status: 400, headers: noStore });
  const back = (done: string) => {
    const url = new URL(request.url);
    url.searchParams.set("done", done);
    return redirect(`${url.pathname}${url.search}`, { headers: noStore });
  };
  try {
    if (fields.intent === "unhide") {
      await context.useCases.admin.setReviewHidden(actor, reviewId.data, { hidden: false });
      return back("unhide");
    }
    if (fields.intent !== "hide") return data<ReviewActionResult>({ error: "Unknown action." }, { status: 400, headers: noStore });
    const parsed = hideReviewSchema.safeParse(fields);
    if (!parsed.success) {
      return data<ReviewActionResult>({ reviewId: reviewId.data, fields: fieldWords(request, parsed.error), reason: fields.reason ?? "" }, { status: 400, headers: noStore });
    }
    if (fields.confirmed !== "yes") return data<ReviewActionResult>({ confirm: { reviewId: reviewId.data, reason: parsed.data.reason } }, { headers: noStore });
    await context.useCases.admin.setReviewHidden(actor, reviewId.data, { hidden: true, reason: parsed.data.reason });
    return back("hide");
  } catch (error) {
    return domainErrorReply<ReviewActionResult>(error, (e) => ({ reviewId: reviewId.data, error: localizeText(request, e) }), { headers: noStore });
  }
}

const stars = (n: number) => `${n} of 5 stars`;

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pages, products, query, search, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ReviewActionResult | undefined;
  const here = `/admin/reviews${search}`;
  const confirming = result?.confirm ? rows.find((r) => r.id === result.confirm!.reviewId) : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Reviews" />
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end" role="search" aria-label="Filter reviews">
        <div>
          <label htmlFor="visibility" className={labelClass}>
            Visibility
          </label>
          <select id="visibility" name="visibility" defaultValue={query.visibility} className={selectClass}>
            <option value="">All</option>
            <option value="visible">Visible</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
        <div>
          <label htmlFor="rating" className={labelClass}>
            Rating
          </label>
          <select id="rating" name="rating" defaultValue={query.rating} className={selectClass}>
            <option value="">Any rating</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {stars(n)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product" className={labelClass}>
            Product
          </label>
          <select id="product" name="product" defaultValue={query.product} className={selectClass}>
            <option value="">All products</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          Filter
        </button>
      </Form>
      <div className="mt-6 space-y-4">
        {done ? <Notice tone="ok">{done === "hide" ? "The review is hidden." : "The review is visible again."}</Notice> : null}
        {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
        {result?.confirm ? (
          <ConfirmStep
            question={`Hide the review${confirming ? ` "${confirming.title || stars(confirming.rating)}" of ${confirming.productName}` : ""} for the reason "${result.confirm.reason}"?`}
            fields={{ intent: "hide", reviewId: String(result.confirm.reviewId), reason: result.confirm.reason }}
            confirmLabel="Yes, hide it"
            cancelTo={here}
          />
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-8 text-muted">No reviews match.</p>
      ) : (
        <ResponsiveTable caption="Reviews" columns={["Review", "Product", "Author", "Status", "Moderate"]}>
          {rows.map((r) => {
            const reasonError = result?.reviewId === r.id ? result.fields?.reason : undefined;
            return (
              <tr key={r.id} className={rowClass} data-review={r.id}>
                <Cell label="Review">
                  <span className="block font-semibold">{r.title || "(no title)"}</span>
                  <span className="block">{stars(r.rating)}</span>
                  {r.comment ? <span className="block text-muted">{r.comment}</span> : null}
                  <span className="block text-muted">{storeDate(r.createdAt)}</span>
                </Cell>
                <Cell label="Product">
                  <Link to={`/shop/${r.productSlug}`} className="underline">
                    {r.productName}
                  </Link>
                </Cell>
                <Cell label="Author">{r.authorEmail}</Cell>
                <Cell label="Status">
                  {r.hidden ? (
                    <>
                      <span className="block font-semibold">Hidden</span>
                      <span className="block">Reason: {r.hiddenReason ?? "none given"}</span>
                      <span className="block text-muted">
                        by {r.hiddenByEmail ?? "unknown"}
                        {r.hiddenAt ? `, ${storeDateTime(r.hiddenAt)}` : ""}
                      </span>
                    </>
                  ) : (
                    "Visible"
                  )}
                </Cell>
                <Cell label="Moderate">
                  {r.hidden ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="unhide" />
                      <input type="hidden" name="reviewId" value={r.id} />
                      <button type="submit" className={secondaryButton}>
                        Unhide
                      </button>
                    </Form>
                  ) : (
                    <Form method="post" className="flex flex-col gap-2">
                      <input type="hidden" name="intent" value="hide" />
                      <input type="hidden" name="reviewId" value={r.id} />
                      <label htmlFor={`reason-${r.id}`} className="text-sm font-semibold">
                        Reason for hiding
                      </label>
                      <input
                        id={`reason-${r.id}`}
                        name="reason"
                        maxLength={500}
                        defaultValue={result?.reviewId === r.id ? result.reason : undefined}
                        className={inputClass}
                        aria-invalid={reasonError ? true : undefined}
                        aria-describedby={reasonError ? `reason-${r.id}-error` : undefined}
                      />
                      {reasonError ? (
                        <span id={`reason-${r.id}-error`} className="text-sm text-danger">
                          {reasonError}
                        </span>
                      ) : null}
                      <button type="submit" className={secondaryButton}>
                        Hide
                      </button>
                    </Form>
                  )}
                </Cell>
              </tr>
            );
          })}
        </ResponsiveTable>
      )}
      <Pager page={page} pages={pages} total={total} search={search} noun="review" />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
