// The back office's forms over plain HTTP, as an admin's browser without JavaScript sends them.
import { Client } from "./http-client.ts";

const versionOn = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!;
/** An input's value as the page renders it. */
export const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
const selected = (html: string, name: string) => new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?<option[^>]*value="([^"]+)"[^>]*selected`).exec(html)?.[1] ?? "";
const checked = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*checked`).exec(html) !== null;
const unescape = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * Saves a product's form as the editor shows it (read by `admin`), with `changes` on top (a checkbox: "on",
 * or "" to clear it), sent by `as` (another account, to see it refused). Returns the answer: 302 when saved.
 */
export async function saveProductForm(admin: Client, productId: string, changes: Record<string, string>, as: Client = admin): Promise<Response> {
  const page = await Client.text(await admin.get(`/admin/products/${productId}`));
  const textarea = (name: string) => unescape(new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(page)?.[1] ?? "");
  const fields: Record<string, string> = {
    intent: "save",
    version: versionOn(page),
    name: unescape(valueOf(page, "name")),
    slug: valueOf(page, "slug"),
    description: textarea("description"),
    descriptionEs: textarea("descriptionEs"),
    seoTitle: unescape(valueOf(page, "seoTitle")),
    seoDescription: unescape(valueOf(page, "seoDescription")),
    seoTitleEs: unescape(valueOf(page, "seoTitleEs")),
    seoDescriptionEs: unescape(valueOf(page, "seoDescriptionEs")),
    category: selected(page, "category") || "apparel",
    artKind: selected(page, "artKind") || "tee",
    basePrice: valueOf(page, "basePrice"),
    tags: unescape(valueOf(page, "tags")),
    status: selected(page, "status") || "active",
    onSaleAt: valueOf(page, "onSaleAt"),
    limitPerCustomer: valueOf(page, "limitPerCustomer"),
    queueCapacity: valueOf(page, "queueCapacity"),
    queueRatePerMinute: valueOf(page, "queueRatePerMinute"),
    queueCheckoutMinutes: valueOf(page, "queueCheckoutMinutes"),
    ...(checked(page, "featured") ? { featured: "on" } : {}),
    ...(checked(page, "signInRequired") ? { signInRequired: "on" } : {}),
  };
  for (const [name, value] of Object.entries(changes)) {
    if (value === "" && (name === "featured" || name === "signInRequired")) delete fields[name];
    else fields[name] = value;
  }
  return as.post(`/admin/products/${productId}`, fields);
}
