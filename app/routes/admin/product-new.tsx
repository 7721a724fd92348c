import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { ART_KINDS, productFormInput, productFormSchema } from "../../../core/catalog/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { Notice, primaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader } from "../../components/admin/admin-ui.tsx";
import { placeError, ProductFields, type ProductValues } from "../../components/admin/product-form.tsx";
import { domainErrorReply } from "../../lib/domain-errors.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/product-new";
import { noStore } from "../../lib/private-page.ts";
import { fieldWords, localizeText } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("New product");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "products", "create");
  return data({ artKinds: [...ART_KINDS] }, { headers: noStore });
}

export type ActionResult = { error?: string; fields?: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "products", "create");
  const fields = await readForm(request, { multiline: ["description"] });
  const parsed = productFormSchema.safeParse(productFormInput(fields));
  if (!parsed.success) return data<ActionResult>({ fields: fieldWords(request, parsed.error), values: fields }, { status: 400, headers: noStore });
  let id: number;
  try {
    ({ id } = await context.useCases.admin.createProduct(actor, parsed.data));
  } catch (error) {
    return domainErrorReply<ActionResult>(error, (e) => ({ ...placeError(e, localizeText(request, e)), values: fields }), { headers: noStore });
  }
  return redirect(`/admin/products/${id}?done=created`, { headers: noStore });
}

const EMPTY: ProductValues = {
  name: "",
  slug: "",
  description: "",
  category: "apparel",
  artKind: "tee",
  basePrice: "",
  tags: "",
  featured: false,
  status: "draft",
  seoTitle: "",
  seoDescription: "",
  descriptionEs: "",
  seoTitleEs: "",
  seoDescriptionEs: "",
  onSaleAt: "",
  limitPerCustomer: "",
  signInRequired: false,
  queueCapacity: "",
  queueRatePerMinute: "60",
  queueCheckoutMinutes: "10",
};

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const sent = result?.values;
  const values: ProductValues = sent
    ? {
        name: sent.name ?? "",
        slug: sent.slug ?? "",
        description: sent.description ?? "",
        category: sent.category ?? "apparel",
        artKind: sent.artKind ?? "tee",
        basePrice: sent.basePrice ?? "",
        tags: sent.tags ?? "",
        featured: sent.featured === "on",
        status: sent.status ?? "draft",
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
      }
    : EMPTY;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <AdminHeader title="New product">
        <p className="mt-1">
          <Link to="/admin/products" className="underline">
            All products
          </Link>
        </p>
      </AdminHeader>
      <p className="mt-4 text-muted">A new product starts as a draft: add its variants and photographs, then make it active.</p>
      {result?.error ? (
        <div className="mt-4">
          <Notice tone="error">{result.error}</Notice>
        </div>
      ) : null}
      {/* The key renders the fields again with what was sent when the server answers with errors. */}
      <Form method="post" className="mt-6 space-y-6" key={JSON.stringify(sent ?? {})}>
        <ProductFields values={values} errors={result?.fields} artKinds={loaderData.artKinds} isNew />
        <button type="submit" className={primaryButton}>
          Create product
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
