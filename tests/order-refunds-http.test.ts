import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "../core/shared/money.ts";
import { localeT } from "../app/lib/i18n.server.ts";
import { ApiClient, loadContract, type ApiAnswer } from "./api-client.ts";
import { Client } from "./http-client.ts";
import { buyOverHttp, registerOverHttp, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// Refunds the shopper can see: an administrator refunds an amount, then a line, from the back office; the
// shopper's order page and the app's order show each refund (amount, date, lines, the card) and what was
// paid after them, as the published OpenAPI document describes.

const ADMIN = `refunds-boss-${Date.now()}@east-harlem.test`;
const SLUG = "stickball-shorts";
const CARD = "Visa ending in 4242";
let store: SeededStore;
let admin: Client;
let shopper: Client;
let app: ApiClient;
let contract: Awaited<ReturnType<typeof loadContract>>;
let orderPath: string;
let orderId: string;

interface ApiRefund {
  amountCents: number;
  status: string;
  requestedAt: string;
  refundedAt: string | null;
  lines: { name: string; size: string | null; color: string | null; quantity: number }[];
  card: string;
}
interface ApiOrder {
  totalCents: number;
  refunds: ApiRefund[];
  refundedCents: number;
  paidCents: number;
  items: { lineTotalCents: number; quantity: number }[];
}

/** The refund form's key on the admin's order page, and the id of its first line. */
async function refundForm(): Promise<{ key: string; lineId: string }> {
  const page = await Client.text(await admin.get(`/admin/orders/${orderId}`));
  return { key: /name="key" value="([^"]+)"/.exec(page)![1]!, lineId: /name="qty_(\d+)"/.exec(page)![1]! };
}

async function apiOrder(language?: string): Promise<ApiOrder> {
  const reader = language ? Object.assign(new ApiClient(store.server.url, { language }), { token: app.token }) : app;
  const answer = await reader.get<ApiOrder>(`/orders/${orderId}`);
  contract.check("GET", `/orders/${orderId}`, answer as ApiAnswer<unknown>);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The words of one test id's element on a page. */
const byTestId = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  admin = new Client(store.server.url);
  await registerOverHttp(admin, ADMIN, "Store Boss");
  shopper = new Client(store.server.url);
  const email = `refunded-${Date.now()}@east-harlem.test`;
  await registerOverHttp(shopper, email);
  orderPath = await buyOverHttp(shopper, SLUG, "M", { name: "Ana Rivera", email }, 2);
  orderId = orderPath.split("/").pop()!;
  // Refunds are for shipped orders (before that, the order is cancelled instead).
  expect((await admin.post(`/admin/orders/${orderId}`, { intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" })).status).toBe(302);
  app = new ApiClient(store.server.url);
  app.token = (await app.post<{ token: string }>("/auth/sign-in", { email, password: SHOPPER_PASSWORD })).body.token;
  contract = await loadContract(store.server.url);
}, 240_000);

afterAll(() => store?.stop());

describe("a refund, as the shopper sees it", () => {
  it("shows nothing refunded before any refund", async () => {
    const html = await Client.text(await shopper.get(orderPath));
    expect(html).not.toContain('data-testid="refunds"');
    const order = await apiOrder();
    expect(order).toMatchObject({ refunds: [], refundedCents: 0, paidCents: order.totalCents });
  });

  it("an amount of $10: the order page and the app's order show it, to the card paid with, and the total paid after it", async () => {
    const { key } = await refundForm();
    expect((await admin.post(`/admin/orders/${orderId}`, { intent: "refund", mode: "amount", amount: "10", key, confirm: "yes" })).status).toBe(302);

    const order = await apiOrder();
    expect(order.refunds).toEqual([{ amountCents: 1000, status: "refunded", requestedAt: expect.any(String), refundedAt: expect.any(String), lines: [], card: CARD }]);
    expect(order.refundedCents).toBe(1000);
    expect(order.paidCents).toBe(order.totalCents - 1000);

    const html = await Client.text(await shopper.get(orderPath));
    expect(html).toContain(`${formatCents(1000)}</strong> refunded to ${CARD} on <time`);
    expect(byTestId(html, "order-total")).toBe(formatCents(order.totalCents));
    expect(byTestId(html, "order-refunded")).toBe(formatCents(-1000));
    expect(byTestId(html, "order-paid")).toBe(formatCents(order.totalCents - 1000));
  });

  it("a line: listed with its units under the refund, and counted in the total paid", async () => {
    const { key, lineId } = await refundForm();
    expect((await admin.post(`/admin/orders/${orderId}`, { intent: "refund", mode: "lines", [`qty_${lineId}`]: "1", key, confirm: "yes" })).status).toBe(302);

    const order = await apiOrder();
    expect(order.refunds).toHaveLength(2);
    const line = order.refunds[1]!;
    expect(line).toMatchObject({ status: "refunded", lines: [{ name: "Stickball Shorts", size: "M", color: null, quantity: 1 }], card: CARD });
    // One of the two units, with its share of the tax.
    expect(line.amountCents).toBeGreaterThan(order.items[0]!.lineTotalCents / 2);
    expect(order.refundedCents).toBe(1000 + line.amountCents);
    expect(order.paidCents).toBe(order.totalCents - 1000 - line.amountCents);

    const html = await Client.text(await shopper.get(orderPath));
    expect(html.match(/data-testid="refund"/g)).toHaveLength(2);
    expect(html).toContain(`${formatCents(line.amountCents)}</strong> refunded to ${CARD} on <time`);
    expect(html).toContain("1 x Stickball Shorts · M");
    expect(byTestId(html, "order-paid")).toBe(formatCents(order.paidCents));
  });

  it("in Spanish: the page's and the app's words, the card named in Spanish", async () => {
    const es = localeT("es");
    const card = es("checkout.domain.cardEnding", { brand: "Visa", last4: "4242" });
    const html = await Client.text(await shopper.get(`/es${orderPath}`));
    expect(html).toContain(`>${es("orders.section.refunds")}</h2>`);
    expect(html).toContain(`</strong> reembolsados a ${card} el <time`);
    expect(html).toContain(es("orders.refunds.paid"));
    const order = await apiOrder("es");
    expect(order.refunds.map((r) => r.card)).toEqual([card, card]);
  });
});
