import { data } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { CULTURE_IMAGES } from "../../../core/articles/index.ts";
import { lookbookIdSchema } from "../../../core/lookbook/index.ts";
import { instantToStoreLocal } from "../../../core/shared/dates.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, Notice, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, selectClass } from "../../components/admin/admin-ui.tsx";
import { LookFields } from "../../components/admin/look-fields.tsx";
import { DeleteConfirm } from "../../components/admin/photo-fields.tsx";
import { Field } from "../../components/admin/product-form.tsx";
import { collectionEditorAction, type ActionResult } from "../../lib/collection-editor.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/collection";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOrNewOf, editorRecord } from "../../lib/admin-editor.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Collection");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content", "read");
  const id = editorIdOrNewOf(lookbookIdSchema, params.id, { bare: true });
  if (id === "new") await requirePermission(request, context, "content", "create");
  const collection = id === "new" ? null : editorRecord(await context.useCases.lookbook.getAdminCollection(id), { bare: true });
  const [choices] = await Promise.all([context.useCases.lookbook.listProductChoices()]);
  return data({ collection, choices, images: [...CULTURE_IMAGES], done: new URL(request.url).searchParams.get("done") }, { headers: noStore });
}

export type { ActionResult } from "../../lib/collection-editor.server.ts";

const DONE: Record<string, string> = {
  created: "Collection created.",
  save: "Collection saved.",
  "add-look": "Look added.",
  "update-look": "Look saved.",
  "remove-look": "Look removed.",
  "add-hotspot": "Hotspot added.",
  "remove-hotspot": "Hotspot removed.",
};

export async function action({ params, request, context }: Route.ActionArgs) {
  return collectionEditorAction(request, context, params.id);
}

export default function AdminCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, choices, images, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ActionResult | undefined;
  const mine = (intent: string, lookId?: number) => (result && result.intent === intent && (lookId === undefined || result.lookId === String(lookId)) ? result : undefined);
  const save = mine("save");
  const sent = save?.values;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <AdminHeader title={collection ? `Collection: ${collection.name}` : "New collection"}>
        <p className="mt-1 flex flex-wrap gap-4">
          <Link to="/admin/collections" className="underline">
            All collections
          </Link>
          {collection ? (
            <Link to={`/collections/${collection.slug}`} className="underline">
              View on the site
            </Link>
          ) : null}
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

      <Form method="post" className="mt-6 space-y-5" key={JSON.stringify(sent ?? {})}>
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="name" label="Name" error={save?.fields?.name}>
            {(aria) => <input {...aria} name="name" defaultValue={sent?.name ?? collection?.name ?? ""} required maxLength={120} className={inputClass} />}
          </Field>
          <Field id="slug" label="Address" hint="After /collections/: lowercase letters, digits and dashes." error={save?.fields?.slug}>
            {(aria) => <input {...aria} name="slug" defaultValue={sent?.slug ?? collection?.slug ?? ""} required maxLength={120} className={inputClass} />}
          </Field>
          <Field id="season" label="Season" optional error={save?.fields?.season}>
            {(aria) => <input {...aria} name="season" defaultValue={sent?.season ?? collection?.season ?? ""} maxLength={60} className={inputClass} />}
          </Field>
          <Field
            id="onSaleAt"
            label="On sale from (New York time)"
            optional
            hint="A collection-wide drop: none of its products can be bought before this moment (a product's own later moment still holds). Empty: none."
            error={save?.fields?.onSaleAt}
          >
            {(aria) => <input {...aria} name="onSaleAt" type="datetime-local" step={1} defaultValue={sent?.onSaleAt ?? (collection?.onSaleAt ? instantToStoreLocal(new Date(collection.onSaleAt)) : "")} className={inputClass} />}
          </Field>
          <p className="flex items-center gap-3 sm:pt-7">
            <input id="featured" type="checkbox" name="featured" defaultChecked={sent ? sent.featured === "on" : (collection?.featured ?? false)} className="h-5 w-5" />
            <label htmlFor="featured" className="font-semibold">
              Featured collection
            </label>
          </p>
        </div>
        <Field id="description" label="Description" error={save?.fields?.description}>
          {(aria) => <textarea {...aria} name="description" defaultValue={sent?.description ?? collection?.description ?? ""} required maxLength={1000} rows={3} className="w-full rounded border border-line bg-card p-3" />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field id="descriptionEs" label="Spanish description" optional hint="Shown on the Spanish pages (/es); the English description when empty. The name is the brand's and is not translated." error={save?.fields?.descriptionEs}>
              {(aria) => <textarea {...aria} name="descriptionEs" defaultValue={sent?.descriptionEs ?? collection?.es?.description ?? ""} maxLength={1000} rows={3} lang="es" className="w-full rounded border border-line bg-card p-3" />}
            </Field>
          </div>
          <Field id="seasonEs" label="Spanish season" optional hint="Saved with a Spanish description, for a collection with a season; the season when empty." error={save?.fields?.seasonEs}>
            {(aria) => <input {...aria} name="seasonEs" defaultValue={sent?.seasonEs ?? collection?.es?.season ?? ""} maxLength={60} lang="es" className={inputClass} />}
          </Field>
        </div>
        <Field id="products" label="Products, in order" hint="One product address a line, in the order the collection shows them (see the list of addresses below)." error={save?.fields?.products}>
          {(aria) => <textarea {...aria} name="products" defaultValue={sent?.products ?? collection?.productSlugs.join("\n") ?? ""} rows={10} className="w-full rounded border border-line bg-card p-3 font-mono text-sm" />}
        </Field>
        <details className="text-sm">
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold">Product addresses</summary>
          <ul className="grid gap-1 sm:grid-cols-2">
            {choices.map((c) => (
              <li key={c.slug}>
                <span className="font-mono">{c.slug}</span> <span className="text-muted">({c.name})</span>
              </li>
            ))}
          </ul>
        </details>
        <button type="submit" className={primaryButton}>
          {collection ? "Save collection" : "Create collection"}
        </button>
      </Form>

      {collection ? (
        <section aria-labelledby="looks-title" className="mt-12">
          <h2 id="looks-title" className="font-display text-2xl">
            Lookbook ({collection.looks.length} {collection.looks.length === 1 ? "look" : "looks"})
          </h2>
          {collection.looks.length > 0 ? (
            <p className="mt-1">
              <Link to={`/collections/${collection.slug}/lookbook`} className="underline">
                View the lookbook
              </Link>
            </p>
          ) : null}
          <ol className="mt-6 space-y-8">
            {collection.looks.map((look) => {
              const upd = mine("update-look", look.id);
              const spot = mine("add-hotspot", look.id);
              return (
                <li key={look.id} className="rounded-lg border border-line p-4">
                  <h3 className="font-display text-xl">{look.title}</h3>
                  <div className="mt-3 grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
                    <div className="relative">
                      <img src={look.image.src} alt={look.image.alt} width={look.image.width} height={look.image.height} className="h-auto w-full rounded" />
                      {look.hotspots.map((h, i) => (
                        <span key={h.id} aria-hidden="true" className="absolute flex h-6 w-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-gold text-xs font-bold text-black" style={{ left: `${h.x}%`, top: `${h.y}%` }}>
                          {i + 1}
                        </span>
                      ))}
                    </div>
                    <div className="min-w-0 space-y-4">
                      <Form method="post" encType="multipart/form-data" className="space-y-3" key={JSON.stringify(upd?.values ?? {})}>
                        <input type="hidden" name="intent" value="update-look" />
                        <input type="hidden" name="lookId" value={look.id} />
                        <LookFields prefix={`look-${look.id}`} look={look} errors={upd?.fields} images={images} sent={upd?.values} />
                        <button type="submit" className={secondaryButton}>
                          Save look<span className="sr-only">: {look.title}</span>
                        </button>
                      </Form>
                      <h4 className="font-semibold">Hotspots</h4>
                      {look.hotspots.length === 0 ? <p className="text-sm text-muted">None yet.</p> : null}
                      <ol className="space-y-2">
                        {look.hotspots.map((h, i) => (
                          <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                            <span>
                              {i + 1}. {h.product.name} at {h.x}% across, {h.y}% down
                            </span>
                            <Form method="post">
                              <input type="hidden" name="intent" value="remove-hotspot" />
                              <input type="hidden" name="lookId" value={look.id} />
                              <input type="hidden" name="hotspotId" value={h.id} />
                              <button type="submit" className={secondaryButton}>
                                Remove<span className="sr-only"> hotspot {h.product.name}</span>
                              </button>
                            </Form>
                          </li>
                        ))}
                      </ol>
                      <Form method="post" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_5rem_5rem_auto] sm:items-end" key={`spot-${JSON.stringify(spot?.values ?? {})}`}>
                        <input type="hidden" name="intent" value="add-hotspot" />
                        <input type="hidden" name="lookId" value={look.id} />
                        <Field id={`spot-${look.id}-product`} label="Product" error={spot?.fields?.product}>
                          {(aria) => (
                            <select {...aria} name="product" defaultValue={spot?.values.product} className={selectClass}>
                              {choices.map((c) => (
                                <option key={c.slug} value={c.slug}>
                                  {c.name}
                                </option>
                              ))}
                            </select>
                          )}
                        </Field>
                        <Field id={`spot-${look.id}-x`} label="Across %" error={spot?.fields?.x}>
                          {(aria) => <input {...aria} name="x" type="number" min={0} max={100} required defaultValue={spot?.values.x ?? 50} className={inputClass} />}
                        </Field>
                        <Field id={`spot-${look.id}-y`} label="Down %" error={spot?.fields?.y}>
                          {(aria) => <input {...aria} name="y" type="number" min={0} max={100} required defaultValue={spot?.values.y ?? 50} className={inputClass} />}
                        </Field>
                        <button type="submit" className={primaryButton}>
                          Add hotspot<span className="sr-only"> to {look.title}</span>
                        </button>
                      </Form>
                      <DeleteConfirm
                        summary={`Remove the look "${look.title}"`}
                        question={`Remove "${look.title}" with its hotspots${look.pictureId ? " and its uploaded photo" : ""}? This cannot be undone.`}
                        fields={{ intent: "remove-look", lookId: String(look.id) }}
                        confirmLabel="Yes, remove the look"
                      />
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
          <Form method="post" encType="multipart/form-data" className="mt-8 space-y-4 rounded-lg border border-dashed border-line p-4" key={`new-look-${JSON.stringify(mine("add-look")?.values ?? {})}`}>
            <h3 className="font-display text-xl">Add a look</h3>
            <input type="hidden" name="intent" value="add-look" />
            <LookFields prefix="new-look" look={null} errors={mine("add-look")?.fields} images={images} sent={mine("add-look")?.values} />
            <button type="submit" className={primaryButton}>
              Add look
            </button>
          </Form>
        </section>
      ) : null}
      {collection ? (
        <div className="mt-12">
          {collection.featured ? (
            <p className="text-sm text-muted">This is the featured collection: feature another one to be able to delete it.</p>
          ) : (
            <DeleteConfirm
              summary="Delete this collection"
              question={`Delete "${collection.name}" with its lookbook (${collection.looks.length} ${collection.looks.length === 1 ? "look" : "looks"})? Its products stay in the shop. This cannot be undone.`}
              fields={{ intent: "delete-collection" }}
              confirmLabel="Yes, delete the collection"
            />
          )}
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
