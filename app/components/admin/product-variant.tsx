import { Form, Link } from "../../i18n/index.ts";
import type { AdminVariant } from "../../../core/admin/index.ts";
import { stockStatusOf } from "../../../core/inventory/rules.ts";
import { Notice, secondaryButton } from "../account/page-shell.tsx";
import { ConfirmStep } from "./admin-ui.tsx";
import { centsToField, VariantFields } from "./product-form.tsx";
import { StockStatusBadge } from "./stock-status.tsx";
import { formatCents } from "../../lib/format.ts";

export const waitingCount = (n: number) => (n === 1 ? "1 person waits" : `${n.toLocaleString("en-US")} people wait`);

const variantLabel = (v: { size: string | null; color: string | null; sku: string }) => [v.size, v.color].filter(Boolean).join(" / ") || v.sku;

/**
 * One variant on the product's page in the back office (routes/admin/product.tsx): its stock, who waits
 * for it, its form (for those who may edit) and its Remove button with the confirm step (who may delete).
 * `own` is the action's answer to this variant's forms.
 */
export function VariantItem({
  variant: v,
  product,
  own,
  waiting,
  mayEdit,
  mayRemove,
  cancelTo,
}: {
  variant: AdminVariant;
  product: { version: number; basePriceCents: number };
  own: { error?: string; fields?: Record<string, string>; values?: Record<string, string>; confirm?: { label: string } } | undefined;
  waiting: number | undefined;
  mayEdit: boolean;
  mayRemove: boolean;
  cancelTo: string;
}) {
  const form = `variant-${v.id}`;
  const sent = own?.values;
  const label = variantLabel(v);
  return (
    <li className="rounded border border-line p-4" data-testid="admin-variant">
      <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 font-semibold">
        <span>{label}</span>
        <span className="text-sm font-normal text-muted">{v.sku}</span>
        {v.active ? null : <span className="text-sm font-normal text-muted">Not on sale</span>}
        <StockStatusBadge status={stockStatusOf(v.available, v.lowStockThreshold)} />
      </h3>
      <p className="mt-1 text-sm">
        {v.onHand} on hand · {v.reserved} reserved · {v.available} available · {formatCents(v.priceCents ?? product.basePriceCents)}
        {waiting ? ` · ${waitingCount(waiting)} for it` : ""}{" "}
        <Link to={`/admin/inventory/${v.id}`} className="underline">
          Stock and history<span className="sr-only"> of {label}</span>
        </Link>
      </p>
      <div className="mt-3">
        {own?.error ? <Notice tone="error">{own.error}</Notice> : null}
      </div>
      {own?.confirm ? (
        <ConfirmStep
          question={`Remove ${own.confirm.label}? A variant that was ever ordered is retired instead, so its orders keep it.`}
          fields={{ intent: "variant-remove", variantId: String(v.id), version: String(product.version) }}
          confirmLabel="Yes, remove"
          cancelTo={cancelTo}
        />
      ) : null}
      {mayEdit ? (
        <Form method="post" className="mt-3 space-y-3" key={`${form}-${product.version}-${JSON.stringify(sent ?? {})}`} aria-label={`Variant ${label}`}>
          <input type="hidden" name="intent" value="variant-save" />
          <input type="hidden" name="variantId" value={v.id} />
          <input type="hidden" name="version" value={product.version} />
          <VariantFields
            prefix={form}
            isNew={false}
            errors={own?.fields}
            values={
              sent
                ? { size: sent.size ?? "", color: sent.color ?? "", sku: sent.sku ?? "", price: sent.price ?? "", threshold: sent.threshold ?? "", active: sent.active === "on", limitPerCustomer: sent.limitPerCustomer ?? "" }
                : { size: v.size ?? "", color: v.color ?? "", sku: v.sku, price: centsToField(v.priceCents), threshold: String(v.lowStockThreshold), active: v.active, limitPerCustomer: v.limitPerCustomer === null ? "" : String(v.limitPerCustomer) }
            }
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={secondaryButton}>
              Save variant<span className="sr-only"> {label}</span>
            </button>
          </div>
        </Form>
      ) : null}
      {mayRemove ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="variant-remove" />
          <input type="hidden" name="variantId" value={v.id} />
          <input type="hidden" name="version" value={product.version} />
          <input type="hidden" name="label" value={label} />
          <button type="submit" className={`${secondaryButton} text-danger`}>
            Remove variant<span className="sr-only"> {label}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}
