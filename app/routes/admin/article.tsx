import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { articleFormSchema, articleIdSchema, CULTURE_IMAGES, readTimeMinutes, renderBody, type RenderedPart } from "../../../core/articles/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, Notice, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, selectClass } from "../../components/admin/admin-ui.tsx";
import { StatusButton } from "../../components/admin/article-status.tsx";
import { DeleteConfirm, PhotoFields } from "../../components/admin/photo-fields.tsx";
import { Field, placeError } from "../../components/admin/product-form.tsx";
import { ArticleBody } from "../../components/content/article-body.tsx";
import { toCardData, type ProductCardData } from "../../components/product/product-card.tsx";
import { storeDate } from "../../lib/dates.ts";
import { domainErrorReply } from "../../lib/domain-errors.server.ts";
import { readFormWithUpload } from "../../lib/form.server.ts";
import { confirmed, pictureChange, pictureStore } from "../../lib/pictures.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/article";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOrNewOf, editorNotFound, editorRecord } from "../../lib/admin-editor.server.ts";
import { fieldWords, localizeText } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Story");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content", "read");
  // "new" writes a new story; a number edits that one.
  const id = editorIdOrNewOf(articleIdSchema, params.id, { bare: true });
  if (id === "new") await requirePermission(request, context, "content", "create");
  const article = id === "new" ? null : editorRecord(await context.useCases.articles.getAdminArticle(id), { bare: true });
  const done = new URL(request.url).searchParams.get("done");
  return data({ article, done, images: [...CULTURE_IMAGES] }, { headers: noStore });
}

type Preview = { parts: RenderedPart[]; products: Record<string, ProductCardData>; readTimeMinutes: number };

export type ActionResult = {
  error?: string;
  fields?: Record<string, string>;
  values: Record<string, string>;
  /** The body as the English page shows it, and the Spanish body as /es shows it when there is one. */
  preview?: Preview;
  previewEs?: Preview;
};

/** A body rendered by the very renderer of the public page, embeds and all. */
async function previewOf(context: Route.ActionArgs["context"], body: string): Promise<Preview> {
  const found = await context.useCases.articles.embeddedProducts(body);
  const products: Record<string, ProductCardData> = {};
  for (const [slug, p] of found) products[slug] = toCardData(p);
  return { parts: renderBody(body), products, readTimeMinutes: readTimeMinutes(body) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  // Who may write is settled before anything of the request is read.
  const { actor } = await requirePermission(request, context, "content", params.id === "new" ? "create" : "update");
  const id = editorIdOrNewOf(articleIdSchema, params.id, { bare: true });
  // The form carries an optional photo (the HTTP layer lets this page's POST be up to 10 MB and its fields).
  const { fields, file } = await readFormWithUpload(request, "photo", { multiline: ["body", "excerpt", "bodyEs", "excerptEs"] });
  if (fields.intent === "delete") {
    if (id === "new") throw editorNotFound({ bare: true });
    await requirePermission(request, context, "content", "delete");
    if (!confirmed(fields)) return data<ActionResult>({ error: "Confirm the delete with its button.", values: {} }, { status: 400, headers: noStore });
    try {
      await context.useCases.articles.deleteArticle(actor, id, pictureStore(context));
    } catch (error) {
      return domainErrorReply<ActionResult>(error, (e) => ({ error: localizeText(request, e), values: {} }), { headers: noStore });
    }
    return redirect("/admin/articles?done=deleted", { headers: noStore });
  }
  const parsed = articleFormSchema.safeParse(fields);
  if (!parsed.success) return data<ActionResult>({ fields: fieldWords(request, parsed.error), values: fields }, { status: 400, headers: noStore });
  if (fields.intent === "preview") {
    // Nothing is saved.
    const { body, bodyEs } = parsed.data;
    return data<ActionResult>({ values: fields, preview: await previewOf(context, body), ...(bodyEs ? { previewEs: await previewOf(context, bodyEs) } : {}) }, { headers: noStore });
  }
  try {
    if (id === "new") {
      const created = await context.useCases.articles.createArticle(actor, parsed.data, pictureChange(context, fields, file));
      return redirect(`/admin/articles/${created.id}?done=created`, { headers: noStore });
    }
    await context.useCases.articles.updateArticle(actor, id, parsed.data, pictureChange(context, fields, file));
    return redirect(`/admin/articles/${id}?done=saved`, { headers: noStore });
  } catch (error) {
    return domainErrorReply<ActionResult>(error, (e) => ({ ...placeError(e, localizeText(request, e)), values: fields }), { headers: noStore });
  }
}

const DONE: Record<string, string> = {
  created: "Story created as a draft. Preview it, then publish it when it is ready.",
  saved: "Story saved.",
  publish: "Published: shoppers see it on /culture.",
  unpublish: "Unpublished: back to a draft, shoppers no longer see it.",
};

export default function AdminArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, done: loaderDone, images } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ActionResult | undefined;
  const sent = result?.values;
  const v = {
    title: sent?.title ?? article?.title ?? "",
    slug: sent?.slug ?? article?.slug ?? "",
    category: sent?.category ?? article?.category ?? "",
    author: sent?.author ?? article?.author ?? "",
    excerpt: sent?.excerpt ?? article?.excerpt ?? "",
    body: sent?.body ?? article?.body ?? "",
    imageSrc: sent?.imageSrc ?? article?.imageSrc ?? images[0],
    imageAlt: sent?.imageAlt ?? article?.imageAlt ?? "",
    featured: sent ? sent.featured === "on" : (article?.featured ?? false),
    titleEs: sent?.titleEs ?? article?.spanish.title ?? "",
    categoryEs: sent?.categoryEs ?? article?.spanish.category ?? "",
    excerptEs: sent?.excerptEs ?? article?.spanish.excerpt ?? "",
    bodyEs: sent?.bodyEs ?? article?.spanish.body ?? "",
    imageAltEs: sent?.imageAltEs ?? article?.spanish.imageAlt ?? "",
  };
  const errors = result?.fields;
  const title = article ? `Edit story: ${article.title}` : "New story";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <AdminHeader title={title}>
        <p className="mt-1">
          <Link to="/admin/articles" className="underline">
            All stories
          </Link>
        </p>
      </AdminHeader>
      {done && DONE[done] && !result ? (
        <div className="mt-4">
          <Notice tone="ok">{DONE[done]}</Notice>
        </div>
      ) : null}
      {result?.error ? (
        <div className="mt-4">
          <Notice tone="error">{result.error}</Notice>
        </div>
      ) : null}
      {article ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded border border-line bg-card p-4">
          <p className="font-semibold" data-testid="article-status">
            {article.status === "published" ? `Published${article.publishedAt ? ` on ${storeDate(article.publishedAt)}` : ""}` : "Draft: shoppers do not see it"}
          </p>
          <StatusButton id={article.id} title={article.title} published={article.status === "published"} redirectTo={`/admin/articles/${article.id}`} />
          {article.status === "published" ? (
            <Link to={`/culture/${article.slug}`} className={secondaryButton}>
              View on the site
            </Link>
          ) : null}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5" key={JSON.stringify(sent ?? {})}>
        <Field id="title" label="Title" error={errors?.title}>
          {(aria) => <input {...aria} name="title" defaultValue={v.title} required maxLength={160} className={inputClass} />}
        </Field>
        <Field id="slug" label="Address" optional hint="The story's address after /culture/. Left empty, it is made from the title." error={errors?.slug}>
          {(aria) => <input {...aria} name="slug" defaultValue={v.slug} maxLength={120} className={inputClass} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="category" label="Category" error={errors?.category}>
            {(aria) => <input {...aria} name="category" defaultValue={v.category} required maxLength={40} className={inputClass} />}
          </Field>
          <Field id="author" label="Author" error={errors?.author}>
            {(aria) => <input {...aria} name="author" defaultValue={v.author} required maxLength={80} className={inputClass} />}
          </Field>
        </div>
        <Field id="excerpt" label="Excerpt" hint="Shown on the story's card and shared with search engines." error={errors?.excerpt}>
          {(aria) => <textarea {...aria} name="excerpt" defaultValue={v.excerpt} required maxLength={400} rows={3} className="w-full rounded border border-line bg-card p-3" />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="imageSrc" label="Drawn art" hint="Shown when no photo is uploaded." error={errors?.imageSrc}>
            {(aria) => (
              <select {...aria} name="imageSrc" defaultValue={v.imageSrc} className={selectClass}>
                {images.map((src) => (
                  <option key={src} value={src}>
                    {src.replace("/images/", "")}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="imageAlt" label="Picture description" hint="What the picture shows, for screen readers." error={errors?.imageAlt}>
            {(aria) => <input {...aria} name="imageAlt" defaultValue={v.imageAlt} required maxLength={300} className={inputClass} />}
          </Field>
          <PhotoFields id="photo" current={article?.pictureId ? article.image : null} error={errors?.photo} />
        </div>
        <Field
          id="body"
          label="Body (markdown)"
          hint="Markdown: ## for a heading, **bold**, [text](https://...) for a link. HTML is shown as text. A line {{product:the-product-address}} shows that product with its price, stock and Add to Cart."
          error={errors?.body}
        >
          {(aria) => <textarea {...aria} name="body" defaultValue={v.body} required rows={20} className="w-full rounded border border-line bg-card p-3 font-mono text-sm" />}
        </Field>
        <fieldset className="space-y-5 rounded border border-line p-4">
          <legend className="px-1 font-display text-xl">
            Spanish (/es)
          </legend>
          <p className="text-sm text-muted">
            What the Spanish pages show. Every field is optional: an empty one shows the English. The author and the address stay as they are.
          </p>
          <Field id="titleEs" label="Spanish title" optional error={errors?.titleEs}>
            {(aria) => <input {...aria} name="titleEs" lang="es" defaultValue={v.titleEs} maxLength={160} className={inputClass} />}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="categoryEs" label="Spanish category" optional error={errors?.categoryEs}>
              {(aria) => <input {...aria} name="categoryEs" lang="es" defaultValue={v.categoryEs} maxLength={40} className={inputClass} />}
            </Field>
            <Field id="imageAltEs" label="Spanish picture description" optional error={errors?.imageAltEs}>
              {(aria) => <input {...aria} name="imageAltEs" lang="es" defaultValue={v.imageAltEs} maxLength={300} className={inputClass} />}
            </Field>
          </div>
          <Field id="excerptEs" label="Spanish excerpt" optional error={errors?.excerptEs}>
            {(aria) => <textarea {...aria} name="excerptEs" lang="es" defaultValue={v.excerptEs} maxLength={400} rows={3} className="w-full rounded border border-line bg-card p-3" />}
          </Field>
          <Field id="bodyEs" label="Spanish body (markdown)" optional hint="The same markdown as the body; keep its product lines to show the products in Spanish too." error={errors?.bodyEs}>
            {(aria) => <textarea {...aria} name="bodyEs" lang="es" defaultValue={v.bodyEs} rows={12} className="w-full rounded border border-line bg-card p-3 font-mono text-sm" />}
          </Field>
        </fieldset>
        <p className="flex items-center gap-3">
          <input id="featured" type="checkbox" name="featured" defaultChecked={v.featured} className="h-5 w-5" />
          <label htmlFor="featured" className="font-semibold">
            Featured story (leads /culture; featuring it unfeatures the others)
          </label>
        </p>
        <p className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={primaryButton}>
            {article ? "Save story" : "Create draft"}
          </button>
          <button type="submit" name="intent" value="preview" className={secondaryButton}>
            Preview
          </button>
        </p>
      </Form>
      {article && article.status !== "published" ? (
        <div className="mt-10">
          <DeleteConfirm
            summary="Delete this story"
            question={`Delete "${article.title}" for good? Its text and uploaded photo are deleted; this cannot be undone.`}
            fields={{ intent: "delete" }}
            confirmLabel="Yes, delete the story"
          />
        </div>
      ) : null}
      {result?.preview ? (
        <section aria-labelledby="preview-title" className="mt-10 rounded-lg border-2 border-dashed border-line p-4 sm:p-6" data-testid="article-preview">
          <h2 id="preview-title" className="font-display text-2xl">
            Preview <span className="text-base font-normal text-muted">(not saved · {result.preview.readTimeMinutes} min read)</span>
          </h2>
          <div className="mt-4">
            <ArticleBody parts={result.preview.parts} products={result.preview.products} />
          </div>
          {result.previewEs ? (
            <div className="mt-8 border-t border-line pt-6" data-testid="article-preview-es">
              <h3 className="font-display text-xl">
                Spanish body <span className="text-base font-normal text-muted">({result.previewEs.readTimeMinutes} min read)</span>
              </h3>
              <div className="mt-4" lang="es">
                <ArticleBody parts={result.previewEs.parts} products={result.previewEs.products} />
              </div>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
