import { data } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { z } from "zod";
import { recordAudit } from "../../../core/admin/index.ts";
import { InventoryError, readStockList, type StockImportPreview } from "../../../core/inventory/index.ts";
import { acknowledgeInput, INVENTORY_FILTERS, inventoryListInput, type InventoryFilter } from "../../../core/inventory/inputs.ts";
import { STOCK_IMPORT_MAX_BYTES } from "../../../core/inventory/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton, Section } from "../../components/account/page-shell.tsx";
import { Cell, Pager, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { StockStatusBadge } from "../../components/admin/stock-status.tsx";
import { StockUpload, type ActionData, type WordedPreview } from "../../components/admin/stock-upload.tsx";
import { storeDate } from "../../lib/dates.ts";
import { badForm, readFormWithFile } from "../../lib/form.server.ts";
import { formatCents } from "../../lib/format.ts";
import { auditStockChange, searchOf } from "../../lib/inventory.server.ts";
import { localizeText } from "../../lib/i18n.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/inventory";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Inventory");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "inventory", "read");
  const query = inventoryListInput.parse(searchOf(request));
  const [list, stats, open, high] = await Promise.all([
    context.useCases.inventory.listInventory(query),
    context.useCases.inventory.getInventoryStats(),
    context.useCases.inventory.listActiveAlerts(),
    // The dashboard's critical alerts are these: the same read, high severity only.
    context.useCases.inventory.listActiveAlerts({ severity: "high", limit: 0 }),
  ]);
  const alerts = { ...open, highTotal: high.total };
  return data({ query, list, stats, alerts, search: new URL(request.url).search }, { headers: noStore });
}

/** The accepted rows a preview hands to its confirm form: [sku, on hand] pairs, checked again on confirm. */
const confirmRows = z
  .string()
  .max(STOCK_IMPORT_MAX_BYTES)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "The confirmed rows could not be read. Upload the file again." });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.tuple([z.string().max(100), z.number().int()])).min(1).max(5000));

export async function action({ request, context }: Route.ActionArgs) {
  const worded = (preview: StockImportPreview): WordedPreview => ({ ...preview, refused: preview.refused.map((row) => ({ ...row, reason: localizeText(request, row.reason) })) });
  const { actor } = await requirePermission(request, context, "inventory", "update");
  // The one action of the store that takes a file: the stock list (multipart, at most 1 MB).
  const { fields, file } = await readFormWithFile(request, "file", STOCK_IMPORT_MAX_BYTES);
  const reply = (body: ActionData, status = 200) => data(body, { status, headers: noStore });

  switch (fields.intent) {
    case "acknowledge": {
      const parsed = acknowledgeInput.safeParse(fields);
      if (!parsed.success) return reply({ intent: "acknowledge", ok: false, message: "That alert could not be found." }, 400);
      try {
        await context.useCases.inventory.acknowledgeAlert(parsed.data.alertId, actor.email, (tx, alert) =>
          recordAudit(tx, actor, { entity: "stock_alert", entityId: alert.id, action: "acknowledge", before: { acknowledged: false, ...alert }, after: { acknowledged: true } }),
        );
      } catch (error) {
        if (error instanceof InventoryError) return reply({ intent: "acknowledge", ok: false, message: "That alert could not be found." }, error.status);
        throw error;
      }
      return reply({ intent: "acknowledge", ok: true, message: "Alert acknowledged." });
    }
    case "preview": {
      if (!file) return reply({ intent: "preview", error: "Choose a CSV file with the columns sku,on_hand." }, 400);
      const read = readStockList(file.text);
      if (!read.ok) return reply({ intent: "preview", error: localizeText(request, read.error), fileName: file.name }, 400);
      return reply({ intent: "preview", fileName: file.name, preview: worded(await context.useCases.inventory.previewStockList(read.entries)) });
    }
    case "confirm": {
      const parsed = confirmRows.safeParse(fields.rows ?? "");
      if (!parsed.success) return reply({ intent: "confirm", ok: false, message: "The confirmed rows could not be read. Upload the file again." }, 400);
      const entries = parsed.data.map(([sku, onHand], i) => ({ line: i + 2, sku, value: String(onHand) }));
      // Stock moves between preview and confirm: check the rows again, and apply none if any is refused now.
      const preview = await context.useCases.inventory.previewStockList(entries);
      if (preview.refused.length > 0) {
        return reply({ intent: "confirm", ok: false, message: "Stock changed since the preview; nothing was applied. Check the rows below and upload again.", preview: worded(preview) }, 409);
      }
      try {
        const changes = await context.useCases.inventory.applyStockList(
          preview.accepted.map((r) => ({ sku: r.sku, onHand: r.next })),
          { actor: actor.email, reason: "Stock list imported", onChange: auditStockChange(actor, "import", "Stock list imported") },
        );
        return reply({ intent: "confirm", ok: true, message: `Stock list applied: ${changes.length} ${changes.length === 1 ? "variant" : "variants"} changed.` });
      } catch (error) {
        if (error instanceof InventoryError) {
          return reply({ intent: "confirm", ok: false, message: "Stock changed since the preview; nothing was applied. Upload the file again." }, error.status);
        }
        throw error;
      }
    }
    default:
      return badForm("Unknown action.");
  }
}

const FILTER_LABEL: Record<InventoryFilter, string> = { all: "All", low: "Low stock", out: "Out of stock" };

/** Open alerts listed before the stock table; the rest open under "Show the other N alerts". */
const ALERTS_AT_ONCE = 5;

export default function AdminInventory({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, stats, alerts, search } = loaderData;
  const cards = [
    { label: "Products", value: String(stats.totalProducts) },
    { label: "Variants", value: String(stats.totalVariants) },
    { label: "Units on hand", value: String(stats.totalStock) },
    { label: "Reserved", value: String(stats.totalReserved) },
    { label: "Low stock", value: String(stats.lowStockItems) },
    { label: "Out of stock", value: String(stats.outOfStockItems) },
    { label: "Value at retail", value: formatCents(stats.totalValue) },
  ];
  const alertItem = (alert: (typeof alerts.alerts)[number]) => (
    <li key={alert.id} className={`flex flex-wrap items-center justify-between gap-3 rounded border p-3 ${alert.severity === "high" ? "border-danger" : "border-line"}`}>
      <div>
        <p className="font-semibold">
          <Link to={`/admin/inventory/${alert.variantId}`} className="underline">
            {alert.productName}
            {alert.variantDetails ? ` (${alert.variantDetails})` : ""}
          </Link>
        </p>
        <p className="text-sm">{alert.message}</p>
        <p className="text-xs text-muted">
          {alert.type === "out_of_stock" ? "Out of stock" : "Low stock"} · severity {alert.severity} · {storeDate(alert.createdAt)}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="acknowledge" />
        <input type="hidden" name="alertId" value={alert.id} />
        <button type="submit" className={secondaryButton} aria-label={`Acknowledge alert for ${alert.sku}`}>
          Acknowledge
        </button>
      </Form>
    </li>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin" className="underline">
          Admin Dashboard
        </Link>
      </p>
      <h1 className="font-display mt-2 text-3xl sm:text-4xl">Inventory</h1>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label="Inventory figures">
        {cards.map((card) => (
          <li key={card.label} className="rounded border border-line bg-card p-3">
            <p className="text-sm text-muted">{card.label}</p>
            <p className="font-display mt-1 text-2xl">{card.value}</p>
          </li>
        ))}
      </ul>

      <Section title="Alerts" id="alerts" className="mt-8">
        {actionData?.intent === "acknowledge" ? <Notice tone={actionData.ok ? "ok" : "error"}>{actionData.message}</Notice> : null}
        {alerts.total === 0 ? (
          <p className="text-muted">No open alerts</p>
        ) : (
          <p className="text-sm" data-testid="open-alert-count">
            {alerts.total} open {alerts.total === 1 ? "alert" : "alerts"}, {alerts.highTotal} of high severity (out of stock)
            {alerts.alerts.length < alerts.total ? `; the newest ${alerts.alerts.length} are listed` : ""}.
          </p>
        )}
        {alerts.alerts.length > 0 ? (
          <>
            <ul className="mt-2 space-y-3">{alerts.alerts.slice(0, ALERTS_AT_ONCE).map(alertItem)}</ul>
            {alerts.alerts.length > ALERTS_AT_ONCE ? (
              <details className="mt-3">
                <summary className="cursor-pointer underline">Show the other {alerts.alerts.length - ALERTS_AT_ONCE} alerts</summary>
                <ul className="mt-3 space-y-3">{alerts.alerts.slice(ALERTS_AT_ONCE).map(alertItem)}</ul>
              </details>
            ) : null}
          </>
        ) : null}
      </Section>

      <Section title="Stock" id="stock" className="mt-8">
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <div className="min-w-48 flex-1">
            <label htmlFor="q" className={labelClass}>
              Search by SKU or product
            </label>
            <input id="q" name="q" type="search" defaultValue={query.q} className={inputClass} />
          </div>
          <div>
            <label htmlFor="filter" className={labelClass}>
              Show
            </label>
            <select id="filter" name="filter" defaultValue={query.filter} className={inputClass}>
              {INVENTORY_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABEL[f]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={primaryButton}>
            Apply
          </button>
        </Form>
        <ResponsiveTable caption="Stock per variant" columns={["Product", "SKU", "Size / colour", "On hand", "Reserved", "Available", "Threshold", "Status"]}>
          {list.rows.map((row) => (
            <tr key={row.variantId} className={rowClass}>
              <Cell label="Product">
                <Link to={`/admin/inventory/${row.variantId}`} className="font-semibold underline">
                  {row.productName}
                </Link>
              </Cell>
              <Cell label="SKU">{row.sku}</Cell>
              <Cell label="Size / colour">{[row.size, row.color].filter(Boolean).join(" / ") || "—"}</Cell>
              <Cell label="On hand">{row.onHand}</Cell>
              <Cell label="Reserved">{row.reserved}</Cell>
              <Cell label="Available">{row.available}</Cell>
              <Cell label="Threshold">{row.threshold}</Cell>
              <Cell label="Status">
                <StockStatusBadge status={row.status} />
              </Cell>
            </tr>
          ))}
        </ResponsiveTable>
        {list.rows.length === 0 ? <p className="mt-2 text-muted">No variants match.</p> : null}
        <Pager page={list.page} pages={list.pages} total={list.total} search={search} noun="variant" />
      </Section>

      <StockUpload actionData={actionData} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
