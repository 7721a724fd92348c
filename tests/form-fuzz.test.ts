import fs from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../app/routes.ts";
import { FORM_LIMIT_BYTES } from "../server/request-guard.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore } from "./server.ts";
import { changedTables, InspectedStore, type TableSnapshot } from "./store-snapshot.ts";

// Every form action of the store, found in app/routes.ts, gets malformed requests over real HTTP: control
// characters, huge values up to (and past) the 1 MB limit, wrong values, missing and duplicated fields,
// return addresses off the site, other sites' origins and bodies that are not forms. Each must get a 4xx
// and write nothing: every table is compared before and after. Deterministic (fixed seeds) and bounded.

const RUNS_PER_ACTION = 40;
const SEED = 20_261_124;
const SLUG = "harlem-classic-tee";
/** Sample values for the route parameters of actions: a real product, an order id nobody has. */
const PARAMS: Record<string, string> = { slug: SLUG, id: "AAAAAAAAAAAAAAAA", variantId: "1", step: "cancel", token: "A".repeat(43) };
/** Fields rendered as a <textarea> somewhere in the store: the only ones where a line break is text. */
const MULTILINE = new Set(["comment", "notes", "description"]);

/** The store's own ids the forms point at, read over HTTP once the shopper is set up. */
interface Ids {
  email: string;
  variantId: string;
  listId: string;
  itemId: string;
  reviewId: string;
}

/**
 * One form an action takes, plausible as the page renders it, and what alone makes it invalid: a
 * `required` field left out, or a field set to one of its `invalid` values. Every field under `invalid`
 * is also bounded in length, so a huge value (never blank: an optional field may trim blank to nothing)
 * is invalid too. Fields not listed may be ignored by the
 * action, so only the generic corruptions (which the HTTP layer or the form reader refuse) touch them.
 */
interface FormCase {
  fields: Record<string, string>;
  required?: string[];
  invalid?: Record<string, string[]>;
}

const ID_WRONG = ["", " ", "abc", "1.5", "-1", "1e3", "0x1F", "١٢", "9999999999", "[object Object]", "null", "NaN"];
const QUANTITY_WRONG = ["abc", "1.5", "", "1e3", "1234567", "NaN", "[object Object]"];
const NEW_PASSWORD = "uptown-2025";
/** A limited drop's limit per customer: blank is none, else 1 to 99. */
const LIMIT_WRONG = ["abc", "0", "100", "1.5", "-1", "1e3", "NaN"];

/** The invalid values of the fields a form has: a wrong value in a field it ignores proves nothing. */
function only(invalid: Record<string, string[]>, fields: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(invalid).filter(([name]) => name in fields));
}

function formsByRoute(ids: Ids): Record<string, FormCase[]> {
  const cart = (intent: string, fields: Record<string, string>): FormCase => ({
    fields: { intent, ...fields },
    required: ["intent", ...Object.keys(fields)],
    invalid: only({ intent: ["bogus", "ADD", ""], variantId: ID_WRONG, quantity: QUANTITY_WRONG }, { intent, ...fields }),
  });
  const list = (intent: string, fields: Record<string, string>, invalid: Record<string, string[]> = {}): FormCase => ({
    fields: { intent, ...fields },
    required: ["intent", ...Object.keys(fields).filter((k) => k !== "description" && k !== "notes")],
    invalid: only({ intent: ["bogus", ""], listId: ID_WRONG, itemId: ID_WRONG, ...invalid }, { intent, ...fields }),
  });
  const review = (intent: string, fields: Record<string, string>, required: string, invalid: Record<string, string[]>): FormCase => ({
    fields: { intent, ...fields },
    required: ["intent", required],
    invalid: { intent: ["bogus", ""], ...invalid },
  });
  const nothing: FormCase[] = [{ fields: {} }];
  return {
    "routes/cart.tsx": [
      cart("add", { variantId: ids.variantId, quantity: "1" }),
      cart("set", { variantId: ids.variantId, quantity: "2" }),
      cart("remove", { variantId: ids.variantId }),
      cart("clear", {}),
    ],
    "routes/checkout.tsx": [
      {
        fields: {
          idempotencyKey: "fuzzfuzzfuzzfuzzfuzzfuzzfuzz",
          fullName: "Ana Rivera",
          email: ids.email,
          street: "2150 Third Ave",
          city: "New York",
          state: "NY",
          zipCode: "10035",
          country: "US",
          cardNumber: "4242 4242 4242 4242",
          cardExpiry: "12/39",
          cardCvc: "123",
        },
        required: ["idempotencyKey", "fullName", "email", "cardNumber", "cardExpiry", "cardCvc"],
        invalid: {
          idempotencyKey: ["short", "", "has spaces in it, not a key at all"],
          fullName: ["", "   "],
          email: ["abc", "", "@east-harlem.test"],
          country: ["USA", "1", "u"],
          cardNumber: ["4242", "abc", ""],
          cardExpiry: ["13/39", "12/20", "", "1239"],
          cardCvc: ["1", "abcd", ""],
        },
      },
    ],
    // A sign-in with a wrong password is a well-formed attempt (it is counted by the throttle): the
    // fuzzed sign-ins are always missing a field or carry an unusable one.
    "routes/login.tsx": [
      { fields: { intent: "signin", email: ids.email, password: "not-the-password" }, required: ["email", "password"], invalid: { email: [""], password: [""] } },
      {
        fields: { intent: "register", email: "fuzz-new@east-harlem.test", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, acceptTerms: "on", displayName: "Fuzz" },
        required: ["email", "password", "confirmPassword", "acceptTerms"],
        invalid: { email: ["abc", "", "@east-harlem.test"], password: ["", "short"], confirmPassword: ["different-1"], acceptTerms: ["off", "", "yes"], displayName: [] },
      },
      { fields: { intent: "reset", email: ids.email }, required: ["email"], invalid: { email: ["abc", ""] } },
    ],
    "routes/logout.tsx": nothing,
    "routes/order.tsx": [{ fields: { intent: "reorder" }, required: ["intent"], invalid: { intent: ["bogus", "REORDER", ""] } }],
    // A drop's join (its page's script posts an empty form): the fuzzed product has no waiting room.
    "routes/product-queue.tsx": nothing,
    "routes/product-reviews.tsx": [
      review("create", { rating: "5", title: "Fuzzed", comment: "Line one\nLine two", size: "M" }, "rating", { rating: ["0", "6", "abc", "", "4.5"], fit: ["tiny"] }),
      review("update", { rating: "4", title: "Fuzzed again" }, "rating", { rating: ["0", "6", "abc", ""] }),
      review("helpful", { reviewId: ids.reviewId }, "reviewId", { reviewId: ID_WRONG }),
    ],
    "routes/profile.tsx": [
      { fields: { intent: "profile", firstName: "Ana", lastName: "Rivera", phone: "+1 212 555 0116" }, invalid: { intent: ["bogus", ""], phone: ["abc", "12", "++++++++"], firstName: [], lastName: [] } },
      {
        fields: { intent: "password", currentPassword: "not-the-password", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        required: ["intent", "currentPassword", "newPassword", "confirmPassword"],
        invalid: { intent: ["bogus", ""], currentPassword: [""], newPassword: ["short"], confirmPassword: ["different-2"] },
      },
      { fields: { intent: "resend" } },
    ],
    "routes/reset-password.tsx": [
      {
        fields: { token: "not-a-real-token", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        required: ["token", "password", "confirmPassword"],
        invalid: { token: [""], password: ["short"], confirmPassword: ["different-3"] },
      },
    ],
    "routes/settings.tsx": [
      {
        fields: { intent: "preferences", theme: "dark", language: "en", currency: "USD", emailPromotions: "on" },
        required: ["intent", "theme", "language", "currency"],
        invalid: { intent: ["bogus", ""], theme: ["purple", ""], language: ["fr", ""], currency: ["EUR", ""], emailPromotions: ["yes", "true", ""] },
      },
      { fields: { intent: "delete", password: "not-the-password" }, required: ["intent", "password"], invalid: { intent: ["bogus", ""], password: [""] } },
    ],
    "routes/wishlist-toggle.tsx": [{ fields: { intent: "save", productId: "2", size: "M" }, required: ["intent", "productId"], invalid: { intent: ["toggle", ""], productId: ID_WRONG } }],
    "routes/wishlist.tsx": [
      list("create-list", { name: "Gifts", description: "For\nlater" }, { name: ["", "   "] }),
      list("rename-list", { listId: ids.listId, name: "Renamed" }, { name: ["", " "] }),
      list("delete-list", { listId: ids.listId }),
      list("sharing", { listId: ids.listId, visibility: "public" }, { visibility: ["open", ""] }),
      list("update-item", { itemId: ids.itemId, priority: "high", notes: "Size\nM" }, { priority: ["urgent", ""] }),
      list("remove-item", { itemId: ids.itemId }),
      list("move-to-cart", { itemId: ids.itemId }),
    ],
    "routes/admin/order.tsx": [
      { fields: { intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" }, required: ["intent", "carrier", "trackingNumber"], invalid: { intent: ["bogus", ""], carrier: ["Pigeon", ""], trackingNumber: ["", "x"] } },
      { fields: { intent: "note", body: "Gift\nwrap" }, required: ["intent", "body"], invalid: { intent: ["bogus", ""], body: ["", " "] } },
      { fields: { intent: "refund", mode: "amount", amount: "5", key: "k".repeat(20) }, required: ["intent", "mode", "amount", "key"], invalid: { intent: ["bogus", ""], mode: ["all", ""], amount: QUANTITY_WRONG, key: ["", "short"] } },
    ],
    // Pages whose action only refuses (405 after the guard): any form at all.
    "routes/admin/home.tsx": nothing,
    "routes/admin/users.tsx": nothing,
    "routes/admin/audit.tsx": nothing,
    "routes/admin/mail.tsx": nothing,
    "routes/admin/user.tsx": [
      { fields: { intent: "role", role: "admin" }, required: ["intent", "role"], invalid: { intent: ["bogus", ""], role: ["owner", ""] } },
      { fields: { intent: "deactivate" }, required: ["intent"], invalid: { intent: ["bogus", ""] } },
    ],
    "routes/admin/reviews.tsx": [
      { fields: { intent: "hide", reviewId: "1", reason: "Spam" }, required: ["intent", "reviewId", "reason"], invalid: { intent: ["bogus", ""], reviewId: ID_WRONG, reason: ["", " "] } },
    ],
    // Admin inventory: the shopper and guests are refused (403, 401) before any form is read.
    "routes/admin/inventory.tsx": nothing,
    "routes/admin/inventory-variant.tsx": nothing,
    // Product photos: the same; the photo upload's own refusals are tried in tests/media-http.test.ts.
    "routes/admin/product-images.tsx": nothing,
    "routes/admin/orders.tsx": nothing,
    "routes/admin/product-new.tsx": [
      {
        fields: { name: "Fuzz Tee", description: "Soft\ncotton", category: "apparel", artKind: "tee", basePrice: "40.00", status: "draft", limitPerCustomer: "2" },
        required: ["name", "description", "category", "artKind", "basePrice", "status"],
        invalid: { name: ["", " "], category: ["hats", ""], basePrice: ["abc", "", "1e3", "NaN", "-4", "4,50", "1.555"], status: ["live", ""], limitPerCustomer: LIMIT_WRONG },
      },
    ],
    "routes/admin/product.tsx": [
      { fields: { intent: "variant-add", version: "1", size: "M", initialStock: "5", limitPerCustomer: "1" }, required: ["intent", "version"], invalid: { intent: ["bogus", ""], version: ID_WRONG, initialStock: ["abc", "1.5", "1e3", "1234567", "NaN", "-1"], limitPerCustomer: LIMIT_WRONG } },
      { fields: { intent: "variant-remove", version: "1", variantId: ids.variantId }, required: ["intent", "version", "variantId"], invalid: { intent: ["bogus", ""], variantId: ID_WRONG } },
    ],
    // Stories and collections: the shopper and guests are refused (403, 401) before any form is read.
    "routes/admin/articles.tsx": nothing,
    "routes/admin/article.tsx": nothing,
    "routes/admin/collection.tsx": nothing,
    "routes/admin/analytics.tsx": nothing,
    "routes/dashboard.tsx": nothing,
    "routes/newsletter.tsx": [{ fields: { email: "fuzz-fan@east-harlem.test", source: "footer" }, required: ["email"], invalid: { email: ["not-an-email", "", "fan@"] } }],
    "routes/newsletter-confirm.tsx": [{ fields: { token: "A".repeat(43) }, required: ["token"], invalid: { token: ["", "short"] } }],
    "routes/newsletter-unsubscribe.tsx": [{ fields: { token: `1.${"A".repeat(43)}` }, required: ["token"], invalid: { token: ["", "1.short"] } }],
    // "Notify me" on a product page (the variant is optional: empty means any), and its mail's stop link. The
    // address is the one the shopper's page holds (the session's); a guest's is typed.
    "routes/product.tsx": [
      {
        fields: { intent: "notify", email: ids.email, variant: ids.variantId },
        required: ["intent", "email"],
        invalid: { intent: ["bogus", ""], email: ["not-an-email", "", "fan@"], variant: ["abc", "1.5", "-1", "1e3", "0x1F", "١٢", "99999999999", "NaN"] },
      },
      // A raffle entry (this product has no raffle: refused, nothing written).
      { fields: { intent: "raffle", variant: ids.variantId }, required: ["intent", "variant"], invalid: { intent: ["bogus", ""], variant: ["abc", "1.5", "-1", "1e3", "0x1F", "١٢", "99999999999", "NaN"] } },
    ],
    // A raffle win's purchase link (the sample token is no entry's: 404) and the raffle's back office (refused).
    "routes/raffle-claim.tsx": nothing,
    "routes/admin/product-raffle.tsx": nothing,
    "routes/alerts-stop.tsx": [{ fields: { token: "A".repeat(43) }, required: ["token"], invalid: { token: ["", "short"] } }],
    // The newsletter's back office: the shopper and guests are refused (403, 401) before any form is read.
    "routes/admin/newsletter.tsx": nothing,
    // The events' and music's back office: refused the same way.
    "routes/admin/events.tsx": nothing,
    "routes/admin/event.tsx": nothing,
    "routes/admin/event-check-in.tsx": nothing,
    "routes/admin/music.tsx": nothing,
    "routes/admin/music-playlist.tsx": nothing,
    "routes/admin/music-tracks.tsx": nothing,
    // An RSVP to an event (the sample address is no event's: nothing may be written) and its cancel link.
    "routes/event.tsx": [
      { fields: { name: "Fuzz Fan", email: "fuzz-fan@east-harlem.test", partySize: "2" }, required: ["name", "email"], invalid: { email: ["not-an-email", ""], partySize: ["0", "-1", "many"] } },
    ],
    "routes/event-rsvp.tsx": [{ fields: { token: "A".repeat(43) }, required: ["token"], invalid: { token: ["", "short"] } }],
    "routes/orders.tsx": nothing,
    // The currency chooser: no rate is set in this store, so only USD is offered.
    "routes/currency.tsx": [{ fields: { currency: "USD", redirectTo: "/shop" }, required: ["currency"], invalid: { currency: ["EUR", "XYZ", "usd", ""] } }],
    // The rates' back office: the shopper and guests are refused (403, 401) before any form is read.
    "routes/admin/currency.tsx": nothing,
    // The language switcher: the shopper's account is already in English, so a switch to it writes nothing.
    "routes/language.tsx": [{ fields: { lang: "en", redirectTo: "/shop" }, required: ["lang"], invalid: { lang: ["fr", "ES", ""] } }],
  };
}

/** Route modules exporting an action, from app/routes.ts, with a concrete address for each. */
function actionRoutes(): { file: string; path: string }[] {
  const found: { file: string; path: string }[] = [];
  for (const entry of routes) {
    // The Spanish pages (/es/...) run the very same actions as the English ones.
    if (entry.id?.startsWith("es/")) continue;
    const source = fs.readFileSync(`app/${entry.file}`, "utf8");
    if (!/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)) continue;
    const path = `/${entry.path ?? ""}`.replace(/:(\w+)/g, (_, name: string) => {
      if (!(name in PARAMS)) throw new Error(`${entry.file}: add a sample value for :${name} to PARAMS`);
      return PARAMS[name]!;
    });
    found.push({ file: entry.file, path });
  }
  return found;
}

// ---- what is sent ----

type Corruption =
  | { kind: "control"; field: string | null; inName: boolean; char: string; at: number }
  | { kind: "lineBreak"; field: string | null; brk: string; at: number }
  | { kind: "duplicate"; field: string | null; other: string | null }
  | { kind: "redirect"; to: string }
  | { kind: "missing"; field: number }
  | { kind: "wrong"; field: number; value: number; huge: string | null }
  | { kind: "crossSite"; headers: Record<string, string> }
  | { kind: "notForm"; body: "json" | "text" | "xml" | "bytes" | "none" | "brokenMultipart" | "noBoundary" }
  | { kind: "oversize"; extra: number; streamed: boolean };

interface Attempt {
  formIndex: number;
  corruption: Corruption;
  multipart: boolean;
  dataRequest: boolean;
  guest: boolean;
  method: string;
}

const CONTROLS = [...Array.from({ length: 32 }, (_, c) => c).filter((c) => c !== 9 && c !== 10 && c !== 13), 0x7f, ...Array.from({ length: 32 }, (_, i) => 0x80 + i)].map((c) =>
  String.fromCharCode(c),
);
const REDIRECTS = ["//evil.example", "/%09/evil.example", "/\t/evil.example", "/\\evil.example", "/%2F/evil.example", "/%5Cevil.example", "https://evil.example/", "javascript:alert(1)", "http:evil.example", " /cart", "/cart\r\nSet-Cookie: a=b", "/%E0%A4%A"];

/** A long value, up to the form limit. */
const huge: fc.Arbitrary<string> = fc.tuple(fc.integer({ min: 5_000, max: FORM_LIMIT_BYTES - 4_096 }), fc.constantFrom("x", "9", "%", "é")).map(([n, c]) => c.repeat(c === "é" ? Math.floor(n / 2) : n));
const anyIndex = fc.nat({ max: 10_000 });
/** A value, or null one time in `freq`. */
const maybe = <T,>(arbitrary: fc.Arbitrary<T>, freq = 2): fc.Arbitrary<T | null> => fc.option(arbitrary, { freq, nil: null });

function corruptionArb(cases: FormCase[], formIndex: number): fc.Arbitrary<Corruption> {
  const form = cases[formIndex]!;
  const names = Object.keys(form.fields);
  const field = names.length ? maybe(fc.constantFrom(...names), 4) : fc.constant(null);
  const invalidNames = Object.keys(form.invalid ?? {});
  const options: fc.Arbitrary<Corruption>[] = [
    fc.record({ kind: fc.constant("control" as const), field, inName: fc.nat({ max: 3 }).map((n) => n === 0), char: fc.constantFrom(...CONTROLS), at: anyIndex }),
    fc.record({ kind: fc.constant("lineBreak" as const), field: names.some((n) => !MULTILINE.has(n)) ? maybe(fc.constantFrom(...names.filter((n) => !MULTILINE.has(n)))) : fc.constant(null), brk: fc.constantFrom("\n", "\r", "\r\n"), at: anyIndex }),
    fc.record({ kind: fc.constant("duplicate" as const), field, other: maybe(fc.string({ maxLength: 8 })) }),
    fc.record({ kind: fc.constant("redirect" as const), to: fc.constantFrom(...REDIRECTS) }),
    fc.record({
      kind: fc.constant("crossSite" as const),
      headers: fc.constantFrom<Record<string, string>>({ Origin: "https://evil.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site", Origin: "http://evil.example" }),
    }),
    fc.record({ kind: fc.constant("notForm" as const), body: fc.constantFrom("json", "text", "xml", "bytes", "none", "brokenMultipart", "noBoundary") }),
    fc.record({ kind: fc.constant("oversize" as const), extra: fc.integer({ min: 1, max: 64 * 1024 }), streamed: fc.boolean() }),
  ];
  if (form.required?.length) options.push(fc.record({ kind: fc.constant("missing" as const), field: fc.nat({ max: form.required.length - 1 }) }));
  const weighted = options.map((arbitrary) => ({ arbitrary, weight: 1 }));
  // Wrong values are where each action's own validation is tried: they get a larger share.
  if (invalidNames.length) {
    weighted.push({ arbitrary: fc.record({ kind: fc.constant("wrong" as const), field: fc.nat({ max: invalidNames.length - 1 }), value: fc.nat(), huge: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: huge, weight: 1 }) }), weight: 3 });
  }
  return fc.oneof(...weighted);
}

function attemptArb(cases: FormCase[]): fc.Arbitrary<Attempt> {
  return fc.nat({ max: cases.length - 1 }).chain((formIndex) =>
    fc.record({
      formIndex: fc.constant(formIndex),
      corruption: corruptionArb(cases, formIndex),
      multipart: fc.boolean(),
      dataRequest: fc.boolean(),
      guest: fc.nat({ max: 3 }).map((n) => n === 0),
      method: fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
    }),
  );
}

const insertAt = (text: string, at: number, piece: string) => {
  const i = text.length ? at % (text.length + 1) : 0;
  return text.slice(0, i) + piece + text.slice(i);
};

/** The fields, in order, as [name, value] pairs (a name may repeat). */
function fieldsFor(form: FormCase, c: Corruption): [string, string][] {
  const pairs: [string, string][] = Object.entries(form.fields);
  const pick = (field: string | null) => {
    if (field === null) pairs.push(["note", "fuzz"]);
    return field === null ? pairs.length - 1 : pairs.findIndex(([n]) => n === field);
  };
  switch (c.kind) {
    case "control": {
      const i = pick(c.field);
      const [name, value] = pairs[i]!;
      pairs[i] = c.inName ? [insertAt(name, c.at, c.char), value] : [name, insertAt(value, c.at, c.char)];
      break;
    }
    case "lineBreak": {
      const i = pick(c.field);
      pairs[i] = [pairs[i]![0], insertAt(pairs[i]![1], c.at, c.brk)];
      break;
    }
    case "duplicate": {
      const i = pick(c.field);
      pairs.push([pairs[i]![0], c.other ?? pairs[i]![1]]);
      break;
    }
    case "redirect":
      pairs.push(["redirectTo", c.to]);
      break;
    case "missing": {
      const name = form.required![c.field]!;
      return pairs.filter(([n]) => n !== name);
    }
    case "wrong": {
      const names = Object.keys(form.invalid!);
      const name = names[c.field]!;
      const values = form.invalid![name]!;
      const value = c.huge ?? (values.length ? values[c.value % values.length]! : "x".repeat(5_000));
      const i = pairs.findIndex(([n]) => n === name);
      if (i < 0) pairs.push([name, value]);
      else pairs[i] = [name, value];
      break;
    }
  }
  return pairs;
}

function bodyFor(pairs: [string, string][], a: Attempt): { body: BodyInit | null; type: string | null; duplex?: boolean } {
  const c = a.corruption;
  if (c.kind === "notForm") {
    const object = Object.fromEntries(pairs);
    switch (c.body) {
      case "json":
        return { body: JSON.stringify(object), type: "application/json" };
      case "text":
        return { body: new URLSearchParams(pairs).toString(), type: "text/plain" };
      case "xml":
        return { body: `<form>${pairs.map(([k, v]) => `<${k}>${v}</${k}>`).join("")}</form>`, type: "application/xml" };
      case "bytes":
        return { body: new Uint8Array([0, 255, 1, 254, 10, 13, 61, 38]), type: "application/octet-stream" };
      case "none":
        return { body: null, type: null };
      case "brokenMultipart":
        return { body: pairs.map(([k, v]) => `--B\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}`).join("\r\n") || "--B", type: "multipart/form-data; boundary=B" };
      case "noBoundary":
        return { body: new URLSearchParams(pairs).toString(), type: "multipart/form-data" };
    }
  }
  if (c.kind === "oversize") {
    const text = `${new URLSearchParams(pairs).toString()}&pad=${"a".repeat(FORM_LIMIT_BYTES + c.extra)}`;
    const bytes = new TextEncoder().encode(text);
    if (!c.streamed) return { body: bytes, type: "application/x-www-form-urlencoded" };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    return { body: stream, type: "application/x-www-form-urlencoded", duplex: true };
  }
  if (a.multipart) {
    const form = new FormData();
    for (const [k, v] of pairs) form.append(k, v);
    return { body: form, type: null };
  }
  return { body: new URLSearchParams(pairs).toString(), type: "application/x-www-form-urlencoded" };
}

// ---- the run ----

let store: InspectedStore;
let shopperCookies: Map<string, string>;
let ids: Ids;
let before: TableSnapshot;
const tally = new Map<number, number>();

beforeAll(async () => {
  store = new InspectedStore(await startSeededStore());
  const shopper = new Client(store.server.url);
  const email = `fuzz-${Date.now()}@east-harlem.test`;
  await registerOverHttp(shopper, email);
  // Something for every form to point at: a cart line, a wishlist item in a list, someone else's review.
  expect((await shopper.post("/cart", { intent: "add", productId: "1", size: "M", color: "White", quantity: "1" })).status).toBe(200);
  const cart = await shopper.get("/cart");
  const variantId = /name="variantId" value="(\d+)"/.exec(await cart.text())![1]!;
  expect((await shopper.post("/wishlist/toggle", { intent: "save", productId: "2" })).status).toBe(200);
  const wishlist = await (await shopper.get("/wishlist")).text();
  const listId = /name="listId" value="(\d+)"/.exec(wishlist)![1]!;
  const itemId = /name="itemId" value="(\d+)"/.exec(wishlist)![1]!;
  const author = new Client(store.server.url);
  await registerOverHttp(author, `fuzz-author-${Date.now()}@east-harlem.test`);
  expect((await author.post(`/shop/${SLUG}/reviews`, { intent: "create", rating: "4", title: "Solid" })).status).toBe(200);
  const reviewId = /id="review-(\d+)-title"/.exec(await (await shopper.get(`/shop/${SLUG}`)).text())![1]!;
  ids = { email, variantId, listId, itemId, reviewId };
  shopperCookies = shopper.cookies;
  before = await store.snapshot();
}, 240_000);

afterAll(() => store?.stop());

describe("malformed requests to every form action", () => {
  const found = actionRoutes();

  it("finds the actions in app/routes.ts, and knows the forms of each", () => {
    expect(found.map((r) => r.path)).toEqual(expect.arrayContaining(["/cart", "/login", "/logout", "/checkout", "/wishlist", `/shop/${SLUG}/reviews`, "/profile", "/settings"]));
    const known = formsByRoute({ email: "", variantId: "", listId: "", itemId: "", reviewId: "" });
    // A new action needs its forms described here; a form described for no action is a stale entry.
    expect(Object.keys(known).sort()).toEqual(found.map((r) => r.file).sort());
  });

  it.each(found.map((r, i) => [r.path, r.file, i] as const))("%s: no malformed request gets a 5xx", async (path, file, index) => {
    const cases = formsByRoute(ids)[file]!;
    await fc.assert(
      fc.asyncProperty(attemptArb(cases), async (attempt) => {
        const pairs = fieldsFor(cases[attempt.formIndex]!, attempt.corruption);
        const { body, type, duplex } = bodyFor(pairs, attempt);
        const base = store.server.url;
        const headers: Record<string, string> = { Origin: base, Accept: attempt.dataRequest ? "*/*" : "text/html" };
        if (type) headers["Content-Type"] = type;
        if (!attempt.guest) headers.Cookie = [...shopperCookies].map(([k, v]) => `${k}=${v}`).join("; ");
        if (attempt.corruption.kind === "crossSite") {
          delete headers.Origin;
          Object.assign(headers, attempt.corruption.headers);
        }
        const target = attempt.dataRequest ? `${path}.data` : path;
        const res = await fetch(base + target, { method: attempt.method, body, headers, redirect: "manual", ...(duplex ? { duplex: "half" } : {}) } as RequestInit);
        const text = await res.text();
        tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
        // Not every refusal is a 4xx: a signed-in shopper posting to /login is sent home by its loader. What
        // must never happen is a 5xx, or a write (the tables are compared at the end).
        if (res.status >= 500) {
          throw new Error(`${attempt.method} ${target} answered ${res.status} to ${JSON.stringify({ ...attempt, pairs: pairs.map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}... (${v.length})` : v]) })}:\n${text.slice(0, 500)}`);
        }
      }),
      { seed: SEED + index, numRuns: RUNS_PER_ACTION, endOnFailure: true },
    );
    // On PostgreSQL the tables are compared after each action too, to name the one that wrote.
    if (store.snapshotsAreCheap) expect(changedTables(before, await store.snapshot()), `${path} wrote`).toEqual([]);
  });

  it("wrote nothing, and the store still answers", async () => {
    const after = await store.snapshot();
    expect(changedTables(before, after)).toEqual([]);
    expect((await fetch(`${store.server.url}/healthz`)).status).toBe(200);
    console.log(`form fuzz: ${[...tally].sort(([a], [b]) => a - b).map(([s, n]) => `${n} x ${s}`).join(", ")}`);
  });
});
