import type { ReactNode } from "react";
import { inputClass, labelClass } from "../account/page-shell.tsx";
import { selectClass } from "./admin-ui.tsx";
import { CATEGORY_LABEL } from "../../lib/format.ts";

/** The fields of the back office's product and variant forms, shared by the new and the edit pages. */

export const PRODUCT_STATUS_LABEL = { draft: "Draft", active: "Active", archived: "Archived" } as const;
export const PRODUCT_STATUS_HINT = {
  draft: "Draft: being prepared, not seen by shoppers.",
  active: "Active: in the shop.",
  archived: "Archived: withdrawn from the shop; past orders, wishlists and reviews keep it.",
} as const;

type Errors = Record<string, string> | undefined;

/**
 * Where a refused save's message goes: next to its field when the error names one, else above the form. `words`: the
 * error as the door words it (localizeText); its English `message` otherwise.
 */
export function placeError(error: { message: string; details: Record<string, unknown> }, words = error.message): { error?: string; fields?: Record<string, string> } {
  const field = typeof error.details.field === "string" ? error.details.field : null;
  return field ? { fields: { [field]: words } } : { error: words };
}

/** A labelled control with its error below it, tied together for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  optional = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </label>
      {children({ id, ...(error ? { "aria-invalid": true as const } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface ProductValues {
  name: string;
  slug: string;
  description: string;
  category: string;
  artKind: string;
  basePrice: string;
  tags: string;
  featured: boolean;
  status: string;
  seoTitle: string;
  seoDescription: string;
  descriptionEs: string;
  seoTitleEs: string;
  seoDescriptionEs: string;
  /** New York wall-clock time ("2026-12-05T10:00"), empty for none. */
  onSaleAt: string;
  /** A limited drop's limit per customer ("1".."99"), empty for none. */
  limitPerCustomer: string;
  signInRequired: boolean;
  /** The waiting room (ADR 0034): shoppers served at once, empty for none; admissions per minute; minutes to check out. */
  queueCapacity: string;
  queueRatePerMinute: string;
  queueCheckoutMinutes: string;
}

export function centsToField(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}

export function ProductFields({ values, errors, artKinds, isNew }: { values: ProductValues; errors: Errors; artKinds: readonly string[]; isNew: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="name" label="Name" error={errors?.name}>
        {(a) => <input {...a} name="name" defaultValue={values.name} required maxLength={120} className={inputClass} />}
      </Field>
      <Field id="slug" label="Slug" error={errors?.slug} optional={isNew} hint={isNew ? "Left empty, it is made from the name." : "Changing it keeps the old address working: it redirects here."}>
        {(a) => <input {...a} name="slug" defaultValue={values.slug} maxLength={120} className={inputClass} />}
      </Field>
      <div className="sm:col-span-2">
        <Field id="description" label="Description" error={errors?.description}>
          {(a) => <textarea {...a} name="description" defaultValue={values.description} required maxLength={5000} rows={5} className={`${inputClass} h-auto py-2`} />}
        </Field>
      </div>
      <Field id="category" label="Category" error={errors?.category}>
        {(a) => (
          <select {...a} name="category" defaultValue={values.category} className={selectClass}>
            {Object.entries(CATEGORY_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="basePrice" label="Base price (USD)" error={errors?.basePriceCents}>
        {(a) => <input {...a} name="basePrice" defaultValue={values.basePrice} required inputMode="decimal" placeholder="45.00" className={inputClass} />}
      </Field>
      <Field id="status" label="Status" error={errors?.status} hint={PRODUCT_STATUS_HINT[values.status as keyof typeof PRODUCT_STATUS_HINT]}>
        {(a) => (
          <select {...a} name="status" defaultValue={values.status} className={selectClass}>
            {Object.entries(PRODUCT_STATUS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="artKind" label="Drawing" error={errors?.artKind} hint="The store's own art, shown until a photograph is uploaded.">
        {(a) => (
          <select {...a} name="artKind" defaultValue={values.artKind} className={selectClass}>
            {artKinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="tags" label="Tags" error={errors?.tags} optional hint="Separated by commas, such as streetwear, cotton.">
        {(a) => <input {...a} name="tags" defaultValue={values.tags} className={inputClass} />}
      </Field>
      <div className="flex items-center gap-3 self-end pb-2">
        <input id="featured" name="featured" type="checkbox" defaultChecked={values.featured} className="h-5 w-5" />
        <label htmlFor="featured" className="font-semibold">
          Featured
        </label>
      </div>
      <Field id="seoTitle" label="SEO title" error={errors?.seoTitle} optional hint="Shown by search engines; the name when empty. At most 70 characters.">
        {(a) => <input {...a} name="seoTitle" defaultValue={values.seoTitle} maxLength={70} className={inputClass} />}
      </Field>
      <Field id="seoDescription" label="SEO description" error={errors?.seoDescription} optional hint="The description's start when empty. At most 160 characters.">
        {(a) => <input {...a} name="seoDescription" defaultValue={values.seoDescription} maxLength={160} className={inputClass} />}
      </Field>
      <div className="sm:col-span-2">
        <Field id="descriptionEs" label="Spanish description" error={errors?.descriptionEs} optional hint="Shown on the Spanish pages (/es); the English description when empty. At most 5000 characters.">
          {(a) => <textarea {...a} name="descriptionEs" defaultValue={values.descriptionEs} maxLength={5000} rows={5} lang="es" className={`${inputClass} h-auto py-2`} />}
        </Field>
      </div>
      <Field
        id="onSaleAt"
        label="On sale from (New York time)"
        error={errors?.onSaleAt}
        optional
        hint="A timed release: before this moment the product page shows a countdown and nobody can buy it. Empty: on sale whenever it is active."
      >
        {(a) => <input {...a} name="onSaleAt" type="datetime-local" step={1} defaultValue={values.onSaleAt} className={inputClass} />}
      </Field>
      <Field
        id="limitPerCustomer"
        label="Limit per customer"
        error={errors?.limitPerCustomer}
        optional
        hint="A limited drop: at most this many per customer (1 to 99), counted across carts, open checkouts and orders. Empty: no limit. Guests must sign in."
      >
        {(a) => <input {...a} name="limitPerCustomer" defaultValue={values.limitPerCustomer} inputMode="numeric" maxLength={2} className={inputClass} />}
      </Field>
      <div className="flex items-center gap-3 self-end pb-2">
        <input id="signInRequired" name="signInRequired" type="checkbox" defaultChecked={values.signInRequired} className="h-5 w-5" />
        <label htmlFor="signInRequired" className="font-semibold">
          Sign in to buy
        </label>
      </div>
      <fieldset className="grid gap-4 rounded border border-line p-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 font-semibold">Waiting room</legend>
        <Field
          id="queueCapacity"
          label="Shoppers served at once"
          error={errors?.queueCapacity}
          optional
          hint="A busy drop: past this many shoppers at once, visitors wait in line and are let in in order. Empty: no waiting room."
        >
          {(a) => <input {...a} name="queueCapacity" defaultValue={values.queueCapacity} inputMode="numeric" maxLength={6} className={inputClass} />}
        </Field>
        <Field id="queueRatePerMinute" label="Let in per minute" error={errors?.queueRatePerMinute} optional hint="How many shoppers the line lets in each minute (1 to 10000). Empty: 60.">
          {(a) => <input {...a} name="queueRatePerMinute" defaultValue={values.queueRatePerMinute} inputMode="numeric" maxLength={5} className={inputClass} />}
        </Field>
        <Field id="queueCheckoutMinutes" label="Minutes to check out" error={errors?.queueCheckoutMinutes} optional hint="Once let in, how long a shopper has to check out (1 to 120). Empty: 10.">
          {(a) => <input {...a} name="queueCheckoutMinutes" defaultValue={values.queueCheckoutMinutes} inputMode="numeric" maxLength={3} className={inputClass} />}
        </Field>
      </fieldset>
      <Field id="seoTitleEs" label="Spanish SEO title" error={errors?.seoTitleEs} optional hint="Saved with a Spanish description; the name when empty. At most 70 characters.">
        {(a) => <input {...a} name="seoTitleEs" defaultValue={values.seoTitleEs} maxLength={70} lang="es" className={inputClass} />}
      </Field>
      <Field id="seoDescriptionEs" label="Spanish SEO description" error={errors?.seoDescriptionEs} optional hint="Saved with a Spanish description; its start when empty. At most 160 characters.">
        {(a) => <input {...a} name="seoDescriptionEs" defaultValue={values.seoDescriptionEs} maxLength={160} lang="es" className={inputClass} />}
      </Field>
    </div>
  );
}

export interface VariantValues {
  size: string;
  color: string;
  sku: string;
  price: string;
  threshold: string;
  active: boolean;
  /** This variant's own limit per customer, empty for none. */
  limitPerCustomer: string;
  initialStock?: string;
}

/** A variant's fields; `prefix` keeps ids unique when several variant forms share the page. */
export function VariantFields({ prefix, values, errors, isNew }: { prefix: string; values: VariantValues; errors: Errors; isNew: boolean }) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field id={id("size")} label="Size" error={errors?.size} optional>
        {(a) => <input {...a} name="size" defaultValue={values.size} maxLength={30} className={inputClass} />}
      </Field>
      <Field id={id("color")} label="Colour" error={errors?.color} optional>
        {(a) => <input {...a} name="color" defaultValue={values.color} maxLength={30} className={inputClass} />}
      </Field>
      <Field id={id("sku")} label="SKU" error={errors?.sku} optional={isNew}>
        {(a) => <input {...a} name="sku" defaultValue={values.sku} maxLength={40} className={inputClass} placeholder={isNew ? "Made from the options" : undefined} />}
      </Field>
      <Field id={id("price")} label="Price (USD)" error={errors?.priceCents} optional hint="The base price when empty.">
        {(a) => <input {...a} name="price" defaultValue={values.price} inputMode="decimal" className={inputClass} />}
      </Field>
      {isNew ? (
        <Field id={id("initialStock")} label="Initial stock" error={errors?.initialStock}>
          {(a) => <input {...a} name="initialStock" defaultValue={values.initialStock ?? "0"} inputMode="numeric" className={inputClass} />}
        </Field>
      ) : null}
      <Field id={id("threshold")} label="Low-stock threshold" error={errors?.lowStockThreshold} optional={isNew} hint={isNew ? "Empty: 20% of the initial stock, between 2 and 10." : undefined}>
        {(a) => <input {...a} name="threshold" defaultValue={values.threshold} inputMode="numeric" className={inputClass} />}
      </Field>
      <Field id={id("limitPerCustomer")} label="Limit per customer" error={errors?.limitPerCustomer} optional hint="This option's own limit (1 to 99); empty: only the product's.">
        {(a) => <input {...a} name="limitPerCustomer" defaultValue={values.limitPerCustomer} inputMode="numeric" maxLength={2} className={inputClass} />}
      </Field>
      <div className="flex items-center gap-3 self-end pb-2">
        <input id={id("active")} name="active" type="checkbox" defaultChecked={values.active} className="h-5 w-5" />
        <label htmlFor={id("active")} className="font-semibold">
          On sale
        </label>
      </div>
    </div>
  );
}
