import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { z } from "zod";
import { can } from "../../../core/admin/rules.ts";
import { ART_KINDS, newVariantSchema, productFormInput, productFormSchema, variantEditSchema, variantFormInput, versionSchema } from "../../../core/catalog/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { Notice, primaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader } from "../../components/admin/admin-ui.tsx";
import { VariantItem, waitingCount } from "../../components/admin/product-variant.tsx";
import { centsToField, placeError, PRODUCT_STATUS_LABEL, ProductFields, VariantFields, type ProductValues } from "../../components/admin/product-form.tsx";
import { instantToStoreLocal } from "../../../core/shared/dates.ts";
import { storeDateTime } from "../../lib/dates.ts";
import { domainErrorReply } from "../../lib/domain-errors.server.ts";
import { readForm, type FormFields } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/product";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOf, editorRecord } from "../../lib/admin-editor.server.ts";
import { fieldWords, localizeText } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Product");

const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

const DONE = {
  created: "The product was created. Add its variants and photographs, then make it active.",
  saved: "The product was saved.",
  "variant-added": "The variant was added.",
  "variant-saved": "The variant was saved.",
  "variant-deleted": "The variant was deleted.",
  "variant-retired": "The variant has orders, so it was retired rather than deleted: it is no longer sold, and past orders keep it.",
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer } = await requirePermission(request, context, "products", "read");
  const productId = editorIdOf(idSchema, params.id);
  const [found, line] = await Promise.all([context.useCases.admin.getAdminProduct(productId), context.useCases.alerts.waitingLine(productId)]);
  const product = editorRecord(found);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      product,
      // The "Notify me" line: who waits for the product (any size) and for each variant.
      waiting: { total: line.total, anyVariant: line.anyVariant, byVariant: Object.fromEntries(line.byVariant) as Record<number, number> },
      artKinds: [...ART_KINDS],
      mayEdit: can(viewer.role, "products", "update"),
      mayRemove: can(viewer.role, "products", "delete"),
      done: done && done in DONE ? (done as keyof typeof DONE) : null,
    },
    { headers: noStore },
  );
}

/** Which form on the page an answer belongs to: the product, the new variant, or one variant by id. */
type FormName = "product" | "variant-new" | `variant-${number}`;
export type ActionResult = {
  form: FormName;
  error?: string;
  fields?: Record<string, string>;
  values?: FormFields;
  confirm?: { variantId: number; label: string };
};

const variantIdSchema = z.object({ variantId: idSchema });

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "products", "update");
  const productId = editorIdOf(idSchema, params.id);
  const fields = await readForm(request, { multiline: ["description"] });
  const intent = fields.intent;
  if (intent === "variant-remove") await requirePermission(request, context, "products", "delete");
  const here = `/admin/products/${productId}`;
  const version = versionSchema.safeParse(fields.version);
  const reply = (result: ActionResult, status = 400) => data<ActionResult>(result, { status, headers: noStore });
  const refused = (form: FormName) => (error: unknown) =>
    domainErrorReply<ActionResult>(error, (e) => ({ form, ...placeError(e, localizeText(request, e)), values: fields }), { headers: noStore });

  if (intent === "save") {
    if (!version.success) return reply({ form: "product", error: localizeText(request, "admin.domain.reloadAndRetry") });
    const parsed = productFormSchema.safeParse(productFormInput(fields));
    if (!parsed.success) return reply({ form: "product", fields: fieldWords(request, parsed.error), values: fields });
    try {
      await context.useCases.admin.updateProduct(actor, productId, version.data, parsed.data);
    } catch (error) {
      return refused("product")(error);
    }
    return redirect(`${here}?done=saved`, { headers: noStore });
  }

  if (intent === "variant-add") {
    if (!version.success) return reply({ form: "variant-new", error: localizeText(request, "admin.domain.reloadAndRetry") });
    const parsed = newVariantSchema.safeParse(variantFormInput(fields));
    if (!parsed.success) return reply({ form: "variant-new", fields: fieldWords(request, parsed.error), values: fields });
    try {
      await context.useCases.admin.addVariant(actor, productId, version.data, parsed.data);
    } catch (error) {
      return refused("variant-new")(error);
    }
    return redirect(`${here}?done=variant-added`, { headers: noStore });
  }

  if (intent === "variant-save" || intent === "variant-remove") {
    const target = variantIdSchema.safeParse(fields);
    if (!target.success) return reply({ form: "product", error: "Choose a variant of this product." });
    const form: FormName = `variant-${target.data.variantId}`;
    if (!version.success) return reply({ form, error: localizeText(request, "admin.domain.reloadAndRetry") });
    if (intent === "variant-save") {
      const parsed = variantEditSchema.safeParse(variantFormInput(fields));
      if (!parsed.success) return reply({ form, fields: fieldWords(request, parsed.error), values: fields });
      try {
        await context.useCases.admin.updateVariant(actor, productId, target.data.variantId, version.data, parsed.data);
      } catch (error) {
        return refused(form)(error);
      }
      return redirect(`${here}?done=variant-saved`, { headers: noStore });
    }
    if (fields.confirmed !== "yes") {
      return reply({ form, confirm: { variantId: target.data.variantId, label: fields.label?.slice(0, 80) ?? "this variant" } }, 200);
    }
    try {
      const outcome = await context.useCases.admin.removeVariant(actor, productId, target.data.variantId, version.data);
      return redirect(`${here}?done=variant-${outcome}`, { headers: noStore });
    } catch (error) {
      return refused(form)(error);
    }
  }
  return reply({ form: "product", error: "Unknown action." });
}

type Detail = Route.ComponentProps["loaderData"]["product"];

function productValues(product: Detail, sent: FormFields | undefined): ProductValues {
  if (sent) {
    return {
      name: sent.name ?? "",
      slug: sent.slug ?? "",
      description: sent.description ?? "",
      category: sent.category ?? product.category,
      artKind: sent.artKind ?? product.artKind,
      basePrice: sent.basePrice ?? "",
      tags: sent.tags ?? "",
      featured: sent.featured === "on",
      status: sent.status ?? product.status,
      seoTitle: sent.seoTitle ?? "",
      seoDescription: sent.seoDescription ?? "",
      descriptionEs: sent.descriptionEs ?? "",
      seoTitleEs: sent.seoTitleEs ?? "",
      seoDescriptionEs: sent.seoDescriptionEs ?? "",
      onSaleAt: sent.onSaleAt ?? "",
      limitPerCustomer: sent.limitPerCustomer ?? "",
      signInRequired: sent.signInRequired === "on",
      queueCapacity: sent.queueCapacity ?? "",
      queueRatePerMinute: sent.queueRatePerMinute ?? "",
      queueCheckoutMinutes: sent.queueCheckoutMinutes ?? "",
    };
  }
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    category: product.category,
    artKind: product.artKind,
    basePrice: centsToField(product.basePriceCents),
    tags: product.tags.join(", "),
    featured: product.featured,
    status: product.status,
    seoTitle: product.seoTitle ?? "",
    seoDescription: product.seoDescription ?? "",
    descriptionEs: product.descriptionEs ?? "",
    seoTitleEs: product.seoTitleEs ?? "",
    seoDescriptionEs: product.seoDescriptionEs ?? "",
    onSaleAt: product.onSaleAt ? instantToStoreLocal(new Date(product.onSaleAt)) : "",
    limitPerCustomer: product.limitPerCustomer === null ? "" : String(product.limitPerCustomer),
    signInRequired: product.signInRequired,
    queueCapacity: product.queueCapacity === null ? "" : String(product.queueCapacity),
    queueRatePerMinute: String(product.queueRatePerMinute),
    queueCheckoutMinutes: String(product.queueCheckoutMinutes),
  };
}

function FormNotice({ result, form }: { result: ActionResult | undefined; form: FormName }) {
  return result?.form === form && result.error ? <Notice tone="error">{result.error}</Notice> : null;
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, artKinds, mayEdit, mayRemove, done: loaderDone, waiting } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ActionResult | undefined;
  const here = `/admin/products/${product.id}`;
  const resultFor = (form: FormName) => (result?.form === form ? result : undefined);
  const productResult = resultFor("product");
  const newResult = resultFor("variant-new");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminHeader title={product.name}>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/admin/products" className="underline">
            All products
          </Link>
          {product.status === "active" ? (
            <Link to={`/shop/${product.slug}`} className="underline">
              View in shop
            </Link>
          ) : null}
          <Link to={`${here}/images`} className="underline">
            Photographs ({product.imageCount})
          </Link>
          <Link to={`${here}/raffle`} className="underline">
            Raffle
          </Link>
        </p>
      </AdminHeader>
      <p className="mt-2 text-sm text-muted">
        {PRODUCT_STATUS_LABEL[product.status]}
        {product.onSaleAt ? ` · on sale from ${storeDateTime(product.onSaleAt)}` : ""} · last saved {storeDateTime(product.updatedAt)}
      </p>
      <p className="mt-1 text-sm text-muted" data-testid="notify-line">
        {waiting.total === 0
          ? "Nobody is waiting for a Notify me mail."
          : `${waitingCount(waiting.total)} for a Notify me mail${waiting.anyVariant > 0 ? ` (${waiting.anyVariant} for any size)` : ""}.`}
      </p>
      <div className="mt-4 space-y-4" aria-live="polite">
        {done ? <Notice tone="ok">{DONE[done]}</Notice> : null}
      </div>

      <Section title="Details" id="details" className="mt-6">
        <FormNotice result={result} form="product" />
        <Form method="post" className="mt-4 space-y-6" key={`product-${product.version}-${JSON.stringify(productResult?.values ?? {})}`}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={product.version} />
          <fieldset disabled={!mayEdit} className="contents">
            <ProductFields values={productValues(product, productResult?.values)} errors={productResult?.fields} artKinds={artKinds} isNew={false} />
            {mayEdit ? (
              <button type="submit" className={primaryButton}>
                Save product
              </button>
            ) : null}
          </fieldset>
        </Form>
      </Section>

      <Section title="Variants" id="variants" className="mt-6">
        {product.variants.length === 0 ? <p className="text-muted">No variants yet: a product is sold through its variants.</p> : null}
        <ul className="space-y-4">
          {product.variants.map((v) => (
            <VariantItem key={v.id} variant={v} product={product} own={resultFor(`variant-${v.id}`)} waiting={waiting.byVariant[v.id]} mayEdit={mayEdit} mayRemove={mayRemove} cancelTo={here} />
          ))}
        </ul>
        {mayEdit ? (
          <div className="mt-6 rounded border border-dashed border-line p-4">
            <h3 className="font-semibold" id="new-variant-heading">
              Add a variant
            </h3>
            <div className="mt-3">
              <FormNotice result={result} form="variant-new" />
            </div>
            <Form method="post" className="mt-3 space-y-3" aria-labelledby="new-variant-heading" key={`variant-new-${product.version}-${JSON.stringify(newResult?.values ?? {})}`}>
              <input type="hidden" name="intent" value="variant-add" />
              <input type="hidden" name="version" value={product.version} />
              <VariantFields
                prefix="variant-new"
                isNew
                errors={newResult?.fields}
                values={{
                  size: newResult?.values?.size ?? "",
                  color: newResult?.values?.color ?? "",
                  sku: newResult?.values?.sku ?? "",
                  price: newResult?.values?.price ?? "",
                  threshold: newResult?.values?.threshold ?? "",
                  active: newResult?.values ? newResult.values.active === "on" : true,
                  initialStock: newResult?.values?.initialStock ?? "0",
                  limitPerCustomer: newResult?.values?.limitPerCustomer ?? "",
                }}
              />
              <button type="submit" className={primaryButton}>
                Add variant
              </button>
            </Form>
          </div>
        ) : null}
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
