import { parse } from "csv-parse/sync";
import type { Db } from "../../db/client.ts";
import { variantsBySku } from "./admin-queries.ts";
import { setStockLevels, type StockChange, type StockChangeOptions } from "./commands.ts";
import { textsOf, type TextRef } from "../shared/text.ts";
import { STOCK_IMPORT_MAX_BYTES, STOCK_IMPORT_MAX_ROWS } from "./rules.ts";

/** What a stock list's check says (texts/messages/<locale>/admin.json). */
const stockListText = textsOf({
  "admin.domain.stockFileTooLarge": [],
  "admin.domain.stockFileControl": [],
  "admin.domain.stockFileUnreadable": ["problem"],
  "admin.domain.stockFileHeader": [],
  "admin.domain.stockFileEmpty": [],
  "admin.domain.stockFileTooManyRows": ["rows", "max"],
  "admin.domain.stockRowNoSku": [],
  "admin.domain.stockRowDuplicate": [],
  "admin.domain.stockRowUnknown": [],
  "admin.domain.stockRowNotWhole": [],
  "admin.domain.stockRowNegative": [],
  "admin.domain.stockRowTooLarge": [],
  "admin.domain.stockRowBelowReserved": ["reserved"],
});

/**
 * A stock list uploaded as CSV (header `sku,on_hand`): first a preview that says, row by row, what would
 * change and what is refused and why; then a confirm that applies every accepted row in one transaction.
 * The confirm checks the rows again against the stock as it is then, so nothing refused slips through.
 */

export interface StockListEntry {
  line: number;
  sku: string;
  value: string;
}

export interface AcceptedRow {
  line: number;
  sku: string;
  variantId: number;
  current: number;
  next: number;
}

export interface RefusedRow {
  line: number;
  sku: string;
  value: string;
  reason: TextRef;
}

export type StockListRead = { ok: true; entries: StockListEntry[] } | { ok: false; error: TextRef };

export interface StockImportPreview {
  accepted: AcceptedRow[];
  refused: RefusedRow[];
}

const HEADER = ["sku", "on_hand"];

/** Reads the file's text into entries; a file that cannot be taken at all gets one message. */
export function readStockList(text: string): StockListRead {
  if (Buffer.byteLength(text, "utf8") > STOCK_IMPORT_MAX_BYTES) return { ok: false, error: stockListText("admin.domain.stockFileTooLarge") };
  // eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text)) return { ok: false, error: stockListText("admin.domain.stockFileControl") };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (error) {
    return { ok: false, error: stockListText("admin.domain.stockFileUnreadable", { problem: (error as Error).message }) };
  }
  const [head, ...rows] = records;
  if (!head || head.record.map((c) => c.toLowerCase()).join(",") !== HEADER.join(",")) {
    return { ok: false, error: stockListText("admin.domain.stockFileHeader") };
  }
  if (rows.length === 0) return { ok: false, error: stockListText("admin.domain.stockFileEmpty") };
  if (rows.length > STOCK_IMPORT_MAX_ROWS) {
    return { ok: false, error: stockListText("admin.domain.stockFileTooManyRows", { rows: rows.length, max: STOCK_IMPORT_MAX_ROWS }) };
  }
  return {
    ok: true,
    entries: rows.map(({ record, info }) => ({
      line: info.lines,
      sku: record[0] ?? "",
      value: record.length === 2 ? record[1]! : record.slice(1).join(","),
    })),
  };
}

/** Checks entries against the catalogue as it is now. Nothing is written. */
export async function previewStockList(db: Db, entries: readonly StockListEntry[]): Promise<StockImportPreview> {
  const known = new Map((await variantsBySku(db, [...new Set(entries.map((e) => e.sku))])).map((v) => [v.sku, v]));
  const seen = new Map<string, number>();
  for (const e of entries) seen.set(e.sku, (seen.get(e.sku) ?? 0) + 1);
  const accepted: AcceptedRow[] = [];
  const refused: RefusedRow[] = [];
  for (const e of entries) {
    const refuse = (reason: TextRef) => refused.push({ line: e.line, sku: e.sku, value: e.value, reason });
    const variant = known.get(e.sku);
    if (e.sku === "") refuse(stockListText("admin.domain.stockRowNoSku"));
    else if ((seen.get(e.sku) ?? 0) > 1) refuse(stockListText("admin.domain.stockRowDuplicate"));
    else if (!variant) refuse(stockListText("admin.domain.stockRowUnknown"));
    else if (!/^-?\d+$/.test(e.value)) refuse(stockListText("admin.domain.stockRowNotWhole"));
    else if (Number(e.value) < 0) refuse(stockListText("admin.domain.stockRowNegative"));
    else if (!Number.isSafeInteger(Number(e.value)) || Number(e.value) > 2_147_483_647) refuse(stockListText("admin.domain.stockRowTooLarge"));
    else if (Number(e.value) < variant.reserved) refuse(stockListText("admin.domain.stockRowBelowReserved", { reserved: variant.reserved }));
    else accepted.push({ line: e.line, sku: e.sku, variantId: variant.id, current: variant.onHand, next: Number(e.value) });
  }
  return { accepted, refused };
}

/**
 * Applies the accepted rows of a stock list in one transaction: one adjustment movement per changed
 * variant, and `opts.onChange` (the audit row) for each. Checked again under the rows' locks; a row that
 * would now go below its reservations refuses the whole list (InventoryError inventory.below_reserved).
 */
export async function applyStockList(db: Db, rows: readonly { sku: string; onHand: number }[], opts: StockChangeOptions = {}): Promise<StockChange[]> {
  const known = new Map((await variantsBySku(db, rows.map((r) => r.sku))).map((v) => [v.sku, v.id]));
  const levels = rows.map((r) => ({ variantId: known.get(r.sku) ?? -1, onHand: r.onHand }));
  return setStockLevels(db, levels, opts);
}
