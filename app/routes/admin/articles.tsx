import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { articleIdSchema, articleStatusIntentSchema } from "../../../core/articles/index.ts";
import { can } from "../../../core/admin/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { StatusButton } from "../../components/admin/article-status.tsx";
import { storeDate } from "../../lib/dates.ts";
import { domainErrorReply } from "../../lib/domain-errors.server.ts";
import { localizeText } from "../../lib/i18n.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/articles";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Stories");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requirePermission(request, context, "content", "read");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const rows = await context.useCases.articles.listAdminArticles(q);
  const deleted = new URL(request.url).searchParams.get("done") === "deleted";
  return data({ rows, q, deleted, mayWrite: can(viewer.role, "content", "update"), mayCreate: can(viewer.role, "content", "create") }, { headers: noStore });
}

export type StatusResult = { ok: true; message: string } | { ok: false; error: string };

/** Publish and unpublish from the list (the edit page posts here too). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "content", "update");
  const fields = await readForm(request);
  const id = articleIdSchema.safeParse(fields.id);
  const intent = articleStatusIntentSchema.safeParse(fields.intent);
  if (!id.success || !intent.success) return data<StatusResult>({ ok: false, error: "Choose a story and publish or unpublish it." }, { status: 400, headers: noStore });
  try {
    const { slug } = await context.useCases.articles.setArticleStatus(actor, id.data, intent.data);
    // From the edit page: back to it, saying what happened.
    if (fields.redirectTo === `/admin/articles/${id.data}`) return redirect(`${fields.redirectTo}?done=${intent.data}`, { headers: noStore });
    return data<StatusResult>({ ok: true, message: intent.data === "publish" ? `Published: /culture/${slug}` : "Unpublished: shoppers no longer see it." }, { headers: noStore });
  } catch (error) {
    return domainErrorReply<StatusResult>(error, (e) => ({ ok: false, error: localizeText(request, e) }), { headers: noStore });
  }
}

export default function AdminArticles({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, q, deleted: loaderDeleted, mayWrite, mayCreate } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const deleted = useDone(loaderDeleted);
  const result = actionData as StatusResult | undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Stories">
        {mayCreate ? (
          <p className="mt-4">
            <Link to="/admin/articles/new" className={primaryButton}>
              New story
            </Link>
          </p>
        ) : null}
      </AdminHeader>
      {deleted && !result ? (
        <div className="mt-4">
          <Notice tone="ok">The story was deleted.</Notice>
        </div>
      ) : null}
      {result ? <div className="mt-4">{result.ok ? <Notice tone="ok">{result.message}</Notice> : <Notice tone="error">{result.error}</Notice>}</div> : null}
      <Form method="get" role="search" aria-label="Find stories" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="q" className={labelClass}>
            Title, address or author
          </label>
          <input id="q" name="q" type="search" defaultValue={q} className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-8 text-muted">No stories match.</p>
      ) : (
        <ResponsiveTable caption="Stories" columns={["Title", "Category", "Status", "Published", "Actions"]}>
          {rows.map((a) => (
            <tr key={a.id} className={rowClass}>
              <Cell label="Title">
                <Link to={`/admin/articles/${a.id}`} className="font-semibold underline">
                  {a.title}
                </Link>
              </Cell>
              <Cell label="Category">{a.category}</Cell>
              <Cell label="Status">{a.status === "published" ? "Published" : "Draft"}</Cell>
              <Cell label="Published">{a.publishedAt ? storeDate(a.publishedAt) : "Not yet"}</Cell>
              <Cell label="Actions">
                <span className="flex flex-wrap justify-end gap-2 sm:justify-start">
                  {a.status === "published" ? (
                    <Link to={`/culture/${a.slug}`} className={secondaryButton}>
                      View<span className="sr-only">: {a.title}</span>
                    </Link>
                  ) : null}
                  {mayWrite ? <StatusButton id={a.id} title={a.title} published={a.status === "published"} /> : null}
                </span>
              </Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
