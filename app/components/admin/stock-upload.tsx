import { Form } from "../../i18n/index.ts";
import type { RefusedRow, StockImportPreview } from "../../../core/inventory/index.ts";

/** A preview as the page shows it: each refused row's reason worded. */
export type WordedPreview = Omit<StockImportPreview, "refused"> & { refused: (Omit<RefusedRow, "reason"> & { reason: string })[] };
import { labelClass, Notice, primaryButton, Section } from "../account/page-shell.tsx";
import { Cell, ResponsiveTable, rowClass } from "./admin-ui.tsx";

export type ActionData =
  | { intent: "acknowledge"; ok: boolean; message: string }
  | { intent: "preview"; error?: string; fileName?: string; preview?: WordedPreview }
  | { intent: "confirm"; ok: boolean; message: string; preview?: WordedPreview };

export function StockUpload({ actionData }: { actionData: ActionData | undefined }) {
  const previewData = actionData?.intent === "preview" || actionData?.intent === "confirm" ? actionData : undefined;
  const preview = previewData?.preview;
  const fileError = actionData?.intent === "preview" ? actionData.error : undefined;
  return (
    <Section title="Upload a stock list" id="upload" className="mt-8">
      <p className="text-sm text-muted">
        A CSV file with the header <code>sku,on_hand</code> and one row per variant (at most 5,000 rows, 1 MB). You see the changes
        before anything is applied.
      </p>
      {actionData?.intent === "confirm" ? (
        <div className="mt-3">
          <Notice tone={actionData.ok ? "ok" : "error"}>{actionData.message}</Notice>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="preview" />
        <div className="min-w-48 flex-1">
          <label htmlFor="stock-file" className={labelClass}>
            Stock list (CSV)
          </label>
          <input
            id="stock-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "stock-file-error" : undefined}
            className="block w-full text-sm"
          />
          {fileError ? (
            <p id="stock-file-error" className="mt-1 text-sm text-danger">
              {fileError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={primaryButton}>
          Preview changes
        </button>
      </Form>

      {preview ? (
        <div className="mt-6">
          <h3 className="font-display text-lg">Preview{previewData?.intent === "preview" && previewData.fileName ? ` of ${previewData.fileName}` : ""}</h3>
          <p className="mt-1 text-sm">
            {preview.accepted.length} {preview.accepted.length === 1 ? "row" : "rows"} accepted, {preview.refused.length} refused.
          </p>
          {preview.refused.length > 0 ? (
            <>
              <h4 className="mt-4 font-semibold">Refused rows (not applied)</h4>
              <ResponsiveTable caption="Refused rows" columns={["Line", "SKU", "On hand", "Reason"]}>
                {preview.refused.map((r) => (
                  <tr key={`${r.line}-${r.sku}`} className={rowClass}>
                    <Cell label="Line">{r.line}</Cell>
                    <Cell label="SKU">{r.sku || "—"}</Cell>
                    <Cell label="On hand">{r.value || "—"}</Cell>
                    <Cell label="Reason" className="text-danger">
                      {r.reason}
                    </Cell>
                  </tr>
                ))}
              </ResponsiveTable>
            </>
          ) : null}
          {preview.accepted.length > 0 ? (
            <>
              <h4 className="mt-4 font-semibold">Changes</h4>
              <ResponsiveTable caption="Accepted rows" columns={["SKU", "On hand now", "New on hand"]}>
                {preview.accepted.map((r) => (
                  <tr key={r.sku} className={rowClass}>
                    <Cell label="SKU">{r.sku}</Cell>
                    <Cell label="On hand now">{r.current}</Cell>
                    <Cell label="New on hand">
                      {r.current} → {r.next}
                    </Cell>
                  </tr>
                ))}
              </ResponsiveTable>
              {previewData?.intent === "preview" ? (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="confirm" />
                  <input type="hidden" name="rows" value={JSON.stringify(preview.accepted.map((r) => [r.sku, r.next]))} />
                  <button type="submit" className={primaryButton}>
                    Apply {preview.accepted.length} accepted {preview.accepted.length === 1 ? "row" : "rows"}
                  </button>
                </Form>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
