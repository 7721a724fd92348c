import { sqlClientOf, type Db } from "../../db/client.ts";

// Bulk writes: one INSERT ... SELECT FROM unnest($1::type[], ...) per slice of rows, so a slice of
// thousands of rows is one statement with one parameter per column (both drivers support arrays).

const INSERT_ROWS = 10_000;

interface Column {
  name: string;
  type: string;
  /** A cast applied after unnest (jsonb travels as text). */
  cast?: string;
}

export class Table {
  readonly data: unknown[][];
  constructor(
    readonly name: string,
    readonly columns: Column[],
  ) {
    this.data = columns.map(() => []);
  }
  get length() {
    return this.data[0]!.length;
  }
  push(...values: unknown[]) {
    for (let i = 0; i < this.columns.length; i++) this.data[i]!.push(values[i] ?? null);
  }
  async write(tx: Db): Promise<number> {
    const n = this.length;
    const client = sqlClientOf(tx);
    const names = this.columns.map((c) => c.name).join(", ");
    const selected = this.columns.map((c) => (c.cast ? `${c.name}::${c.cast}` : c.name)).join(", ");
    const arrays = this.columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(", ");
    const text = `insert into ${this.name} (${names}) select ${selected} from unnest(${arrays}) as u(${names})`;
    for (let start = 0; start < n; start += INSERT_ROWS) {
      await client.query(text, this.data.map((col) => col.slice(start, start + INSERT_ROWS)));
    }
    for (const col of this.data) col.length = 0;
    return n;
  }
}

const col = (name: string, type: string, cast?: string): Column => (cast ? { name, type, cast } : { name, type });

export function tables() {
  return {
    users: new Table("users", [col("id", "text"), col("name", "text"), col("email", "text"), col("email_verified", "boolean"), col("role", "text"), col("created_at", "timestamptz"), col("updated_at", "timestamptz")]),
    attempts: new Table("checkout_attempts", [
      col("id", "text"), col("idempotency_key", "text"), col("user_id", "text"), col("status", "text"), col("provider", "text"), col("lines", "text", "jsonb"),
      col("subtotal_cents", "int"), col("tax_cents", "int"), col("shipping_cents", "int"), col("total_cents", "int"), col("customer_email", "text"),
      col("billing_address", "text", "jsonb"), col("shipping_address", "text", "jsonb"), col("payment_id", "text"), col("card_brand", "text"), col("card_last4", "text"),
      col("charge_started_at", "timestamptz"), col("reserved_until", "timestamptz"), col("visit_session_id", "text"), col("visit_source", "text"), col("created_at", "timestamptz"), col("updated_at", "timestamptz"),
    ]),
    orders: new Table("orders", [
      col("id", "text"), col("checkout_attempt_id", "text"), col("user_id", "text"), col("status", "text"), col("customer_email", "text"), col("customer_name", "text"),
      col("subtotal_cents", "int"), col("tax_cents", "int"), col("shipping_cents", "int"), col("total_cents", "int"), col("billing_address", "text", "jsonb"), col("shipping_address", "text", "jsonb"),
      col("payment_provider", "text"), col("payment_id", "text"), col("card_brand", "text"), col("card_last4", "text"), col("tracking_number", "text"), col("carrier", "text"),
      col("created_at", "timestamptz"), col("updated_at", "timestamptz"),
    ]),
    items: new Table("order_items", [
      col("order_id", "text"), col("product_id", "int"), col("variant_id", "int"), col("product_slug", "text"), col("name", "text"), col("sku", "text"), col("size", "text"), col("color", "text"),
      col("image", "text"), col("unit_price_cents", "int"), col("quantity", "int"), col("line_total_cents", "int"),
    ]),
    history: new Table("order_status_history", [col("order_id", "text"), col("from_status", "text"), col("to_status", "text"), col("actor", "text"), col("note", "text"), col("created_at", "timestamptz")]),
    refunds: new Table("order_refunds", [
      col("order_id", "text"), col("idempotency_key", "text"), col("status", "text"), col("amount_cents", "int"), col("provider_refund_id", "text"), col("actor_id", "text"), col("actor_email", "text"),
      col("reason", "text"), col("created_at", "timestamptz"), col("refunded_at", "timestamptz"),
    ]),
    events: new Table("analytics_events", [
      col("type", "text"), col("occurred_at", "timestamptz"), col("user_id", "text"), col("session_id", "text"), col("source", "text"), col("path", "text"), col("product_id", "int"),
      col("variant_id", "int"), col("quantity", "int"), col("value_cents", "int"), col("query", "text"), col("result_count", "int"), col("order_id", "text"),
    ]),
  };
}
