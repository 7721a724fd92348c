// The checkout floor's server (started by scripts/bench-checkout-floor.ts; not part of the store): the
// visit of `npm run bench:checkout -- --shopper=app` (add to the cart once or twice, read the checkout's
// summary, place the order) on plain node:http and the pg driver, with no framework, no query builder, no
// identity library and no rule the store keeps beyond the stock's: a bearer token read with its user, the
// cart's lines, the stock locked in id order and moved with its ledger row in one statement, the order with
// its lines, history, purchase event, outbox and job. Fewer statements than the store's visit, each written
// by hand: what the machine gives such a visit at best.
//
// Environment: DATABASE_URL (the floor's tables, made by the bench), PORT, FLOOR_PREPARED=1 (every statement
// a named prepared statement: PostgreSQL parses and plans it once per connection, not on every call).
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const prepared = process.env.FLOOR_PREPARED === "1";
const names = new Map<string, string>();
const counts = { statements: 0, transactions: 0 };

type Queryable = pg.Pool | pg.PoolClient;
interface Line { variant_id: number; quantity: number; price: number }

function run<R extends pg.QueryResultRow>(client: Queryable, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  counts.statements++;
  if (client === pool) counts.transactions++;
  if (!prepared) return client.query<R>(text, values);
  let name = names.get(text);
  if (!name) names.set(text, (name = `floor_${names.size}`));
  return client.query<R>({ name, text, values });
}

async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  counts.transactions++;
  try {
    await run(client, "begin");
    const result = await work(client);
    await run(client, "commit");
    return result;
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

class Refusal extends Error {
  constructor(readonly status: number) {
    super(`refused with ${status}`);
  }
}

async function viewer(req: http.IncomingMessage): Promise<{ user_id: number } | undefined> {
  const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
  const { rows } = await run<{ user_id: number }>(
    pool,
    "select s.user_id, u.email, u.role from floor_sessions s join floor_users u on u.id = s.user_id where s.token = $1 and s.expires_at > now()",
    [token],
  );
  return rows[0];
}

async function cartLines(cartId: number): Promise<Line[]> {
  const { rows } = await run<Line>(
    pool,
    "select l.variant_id, l.quantity, v.price, v.stock from floor_cart_lines l join floor_variants v on v.id = l.variant_id where l.cart_id = $1 order by l.id",
    [cartId],
  );
  return rows;
}

async function cartOf(userId: number): Promise<number> {
  const { rows } = await run<{ id: number }>(pool, "select id from floor_carts where user_id = $1", [userId]);
  if (rows[0]) return rows[0].id;
  const made = await run<{ id: number }>(
    pool,
    "insert into floor_carts (user_id) values ($1) on conflict (user_id) do update set updated_at = now() returning id",
    [userId],
  );
  return made.rows[0]!.id;
}

async function addToCart(userId: number, variantId: number): Promise<Line[]> {
  const cartId = await cartOf(userId);
  await transaction(async (client) => {
    await run(client, "update floor_carts set updated_at = now() where id = $1 returning id", [cartId]);
    const { rows } = await run<{ stock: number }>(client, "select stock from floor_variants where id = $1", [variantId]);
    if (!rows[0] || rows[0].stock < 1) throw new Refusal(409);
    await run(
      client,
      "insert into floor_cart_lines (cart_id, variant_id, quantity) values ($1, $2, 1) on conflict (cart_id, variant_id) do update set quantity = floor_cart_lines.quantity + 1",
      [cartId, variantId],
    );
  });
  await run(pool, "insert into floor_events (kind, user_id, variant_id) values ('add_to_cart', $1, $2)", [userId, variantId]);
  return cartLines(cartId);
}

async function placeOrder(userId: number, key: string): Promise<number> {
  const cartId = await cartOf(userId);
  const claim = await transaction(async (client) => {
    const lines = (
      await run<Line>(
        client,
        "select l.variant_id, l.quantity, v.price from floor_cart_lines l join floor_variants v on v.id = l.variant_id where l.cart_id = $1 order by l.variant_id",
        [cartId],
      )
    ).rows;
    if (lines.length === 0) throw new Refusal(400);
    const attempt = await run<{ id: number }>(
      client,
      "insert into floor_attempts (user_id, key, status) values ($1, $2, 'charging') on conflict (key) do nothing returning id",
      [userId, key],
    );
    if (!attempt.rows[0]) throw new Refusal(409);
    const ids = lines.map((l) => l.variant_id);
    const stock = await run<{ id: number; stock: number }>(client, "select id, stock from floor_variants where id = any($1) order by id for no key update", [ids]);
    for (const line of lines) if ((stock.rows.find((v) => v.id === line.variant_id)?.stock ?? 0) < line.quantity) throw new Refusal(409);
    for (const line of lines) {
      await run(
        client,
        "with held as (update floor_variants set stock = stock - $2, reserved = reserved + $2 where id = $1 returning id) insert into floor_movements (variant_id, delta, reason) select id, -$2, 'hold' from held",
        [line.variant_id, line.quantity],
      );
    }
    return { attemptId: attempt.rows[0].id, lines };
  });
  // The card processor's answer (the store's test processor also writes the charge before settling).
  await run(pool, "update floor_attempts set status = 'charged' where id = $1", [claim.attemptId]);
  const total = claim.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return transaction(async (client) => {
    await run(client, "select id from floor_attempts where id = $1 for update", [claim.attemptId]);
    const order = await run<{ id: number }>(
      client,
      "insert into floor_orders (user_id, total, attempt_id) values ($1, $2, $3) returning id",
      [userId, Math.round(total * 1.08), claim.attemptId],
    );
    const orderId = order.rows[0]!.id;
    await run(
      client,
      "insert into floor_order_lines (order_id, variant_id, quantity, price) select $1, unnest($2::int[]), unnest($3::int[]), unnest($4::int[])",
      [orderId, claim.lines.map((l) => l.variant_id), claim.lines.map((l) => l.quantity), claim.lines.map((l) => l.price)],
    );
    await run(client, "insert into floor_order_history (order_id, status) values ($1, 'paid')", [orderId]);
    await run(
      client,
      "with purchase as (insert into floor_events (kind, user_id) values ('purchase', $1) returning id) insert into floor_days (day) values (current_date) on conflict do nothing",
      [userId],
    );
    await run(client, "select id from floor_variants where id = any($1) order by id for no key update", [claim.lines.map((l) => l.variant_id)]);
    for (const line of claim.lines) {
      await run(
        client,
        "with sold as (update floor_variants set reserved = reserved - $2 where id = $1 returning id) insert into floor_movements (variant_id, delta, reason) select id, 0, 'sale' from sold",
        [line.variant_id, line.quantity],
      );
    }
    await run(client, "delete from floor_cart_lines where cart_id = $1", [cartId]);
    await run(client, "update floor_attempts set status = 'completed', order_id = $2 where id = $1", [claim.attemptId, orderId]);
    await run(client, "insert into floor_outbox (kind, payload) values ('order_confirmation', $1)", [JSON.stringify({ orderId, lines: claim.lines })]);
    await run(client, "insert into floor_jobs (kind, ref) values ('send_outbox', $1)", [orderId]);
    return orderId;
  });
}

function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch {
        reject(new Refusal(400));
      }
    });
    req.on("error", reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.url === "/floor/stats") return send(res, 200, counts);
  const who = await viewer(req);
  if (!who) return send(res, 401, { error: "unauthorized" });
  if (req.method === "POST" && req.url === "/cart/items") {
    const body = await readBody(req);
    return send(res, 201, { lines: await addToCart(who.user_id, Number(body.variantId)) });
  }
  if (req.method === "GET" && req.url === "/checkout") {
    const lines = await cartLines(await cartOf(who.user_id));
    const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    return send(res, 200, { lines, subtotal, tax: Math.round(subtotal * 0.08) });
  }
  if (req.method === "POST" && req.url === "/checkout") {
    const key = req.headers["idempotency-key"];
    if (typeof key !== "string" || key === "") throw new Refusal(400);
    return send(res, 201, { orderId: await placeOrder(who.user_id, key) });
  }
  send(res, 404, { error: "not_found" });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (error instanceof Refusal) return send(res, error.status, { error: error.message });
    console.error(error);
    send(res, 500, { error: "internal" });
  });
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
