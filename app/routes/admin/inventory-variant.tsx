import { data } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { InventoryError } from "../../../core/inventory/index.ts";
import { fieldWords } from "../../lib/i18n.server.ts";
import { adjustInput, MOVEMENT_FILTERS, movementListInput, restockInput, variantIdInput, type FieldErrors } from "../../../core/inventory/inputs.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, Notice, primaryButton, Section } from "../../components/account/page-shell.tsx";
import { Cell, Pager, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { StockStatusBadge } from "../../components/admin/stock-status.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { badForm, readForm } from "../../lib/form.server.ts";
import { auditStockChange, searchOf } from "../../lib/inventory.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/inventory-variant";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOf, editorNotFound, editorRecord } from "../../lib/admin-editor.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Stock history");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "inventory", "read");
  const variantId = editorIdOf(variantIdInput, params.variantId);
  const variant = editorRecord(await context.useCases.inventory.getInventoryRow(variantId));
  const query = movementListInput.parse(searchOf(request));
  const movements = await context.useCases.inventory.listMovementPage(variantId, query);
  return data({ variant, query, movements, search: new URL(request.url).search }, { headers: noStore });
}

type ActionData = { intent: "restock" | "adjust"; ok: boolean; message?: string; errors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "inventory", "update");
  const variantId = editorIdOf(variantIdInput, params.variantId);
  const fields = await readForm(request);
  const reply = (body: ActionData, status = 200) => data(body, { status, headers: noStore });
  const intent = fields.intent;
  if (intent !== "restock" && intent !== "adjust") return badForm("Unknown action.");
  const values = { quantity: fields.quantity ?? "", onHand: fields.onHand ?? "", reason: fields.reason ?? "" };
  try {
    if (intent === "restock") {
      const parsed = restockInput.safeParse(fields);
      if (!parsed.success) return reply({ intent, ok: false, errors: fieldWords(request, parsed.error), values }, 400);
      const { quantity, reason } = parsed.data;
      await context.useCases.inventory.restock(variantId, quantity, { actor: actor.email, reason, onChange: auditStockChange(actor, "restock", reason) });
      return reply({ intent, ok: true, message: `Added ${quantity} ${quantity === 1 ? "unit" : "units"}.` });
    }
    const parsed = adjustInput.safeParse(fields);
    if (!parsed.success) return reply({ intent, ok: false, errors: fieldWords(request, parsed.error), values }, 400);
    const { onHand, reason } = parsed.data;
    await context.useCases.inventory.adjustStock(variantId, onHand, { actor: actor.email, reason, onChange: auditStockChange(actor, "adjust", reason) });
    return reply({ intent, ok: true, message: `On hand set to ${onHand}.` });
  } catch (error) {
    if (!(error instanceof InventoryError)) throw error;
    if (error.code === "inventory.variant_not_found") throw editorNotFound();
    const field = intent === "restock" ? "quantity" : "onHand";
    return reply({ intent, ok: false, errors: { [field]: error.message }, values }, error.status);
  }
}

function StockForm({ intent, actionData }: { intent: "restock" | "adjust"; actionData: ActionData | undefined }) {
  const mine = actionData?.intent === intent ? actionData : undefined;
  const errors = mine?.errors ?? {};
  const numberField = intent === "restock" ? "quantity" : "onHand";
  const id = (name: string) => `${intent}-${name}`;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": id(`${name}-error`) } : {});
  return (
    <Form method="post" className="space-y-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {mine?.ok && mine.message ? <Notice tone="ok">{mine.message}</Notice> : null}
      <div>
        <label htmlFor={id(numberField)} className={labelClass}>
          {intent === "restock" ? "Units received" : "Counted units on hand"}
        </label>
        <input
          id={id(numberField)}
          name={numberField}
          inputMode="numeric"
          required
          defaultValue={mine && !mine.ok ? mine.values?.[numberField] : ""}
          className={inputClass}
          {...described(numberField)}
        />
        {errors[numberField] ? (
          <p id={id(`${numberField}-error`)} className="mt-1 text-sm text-danger">
            {errors[numberField]}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={id("reason")} className={labelClass}>
          Reason
        </label>
        <input id={id("reason")} name="reason" required maxLength={200} defaultValue={mine && !mine.ok ? mine.values?.reason : ""} className={inputClass} {...described("reason")} />
        {errors.reason ? (
          <p id={id("reason-error")} className="mt-1 text-sm text-danger">
            {errors.reason}
          </p>
        ) : null}
      </div>
      <button type="submit" className={primaryButton}>
        {intent === "restock" ? "Restock" : "Set on hand"}
      </button>
    </Form>
  );
}

export default function AdminInventoryVariant({ loaderData, actionData }: Route.ComponentProps) {
  const { variant, query, movements, search } = loaderData;
  const options = [variant.size, variant.color].filter(Boolean).join(" / ");
  const figures = [
    ["On hand", variant.onHand],
    ["Reserved", variant.reserved],
    ["Available", variant.available],
    ["Threshold", variant.threshold],
  ] as const;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin/inventory" className="underline">
          Inventory
        </Link>
      </p>
      <h1 className="font-display mt-2 text-3xl">
        {variant.productName}
        {options ? ` (${options})` : ""}
      </h1>
      <p className="mt-1 text-sm text-muted">
        SKU {variant.sku} · <StockStatusBadge status={variant.status} /> ·{" "}
        <Link to={`/shop/${variant.productSlug}`} className="underline">
          View in the shop
        </Link>
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded border border-line bg-card p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-display mt-1 text-2xl">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Section title="Restock" id="restock">
          <StockForm intent="restock" actionData={actionData} />
        </Section>
        <Section title="Adjust (stock take)" id="adjust">
          <StockForm intent="adjust" actionData={actionData} />
        </Section>
      </div>

      <Section title="Movements" id="movements" className="mt-8">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="type" className={labelClass}>
              Type
            </label>
            <select id="type" name="type" defaultValue={query.type} className={inputClass}>
              <option value="all">All</option>
              {MOVEMENT_FILTERS.map((t) => (
                <option key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={primaryButton}>
            Filter
          </button>
        </Form>
        <ResponsiveTable caption="Stock movements" columns={["When", "Type", "Quantity", "Before", "After", "Reason", "By"]}>
          {movements.rows.map((m) => (
            <tr key={m.id} className={rowClass}>
              <Cell label="When">{storeDateTime(m.createdAt)}</Cell>
              <Cell label="Type">{m.type}</Cell>
              <Cell label="Quantity">{m.quantity}</Cell>
              <Cell label="Before">{m.previousStock}</Cell>
              <Cell label="After">{m.newStock}</Cell>
              <Cell label="Reason">{m.reason}</Cell>
              <Cell label="By">{m.actor ?? "—"}</Cell>
            </tr>
          ))}
        </ResponsiveTable>
        {movements.rows.length === 0 ? <p className="mt-2 text-muted">No movements yet.</p> : null}
        <Pager page={movements.page} pages={movements.pages} total={movements.total} search={search} noun="movement" />
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
