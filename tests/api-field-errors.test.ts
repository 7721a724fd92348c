import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../server/api/index.ts";
import { ApiClient, type ApiAnswer } from "./api-client.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// What the app's API says of a request that does not validate, over HTTP against the production server:
// each field named, with the store's words (the web form's own for the same field), in English or in
// Spanish as Accept-Language asks; never the validator's own English ("Invalid input: expected string,
// received undefined"), whatever an operation is sent.
let store: SeededStore;
let base = "";
let token = "";
let n = 0;
const PASSWORD = "uptown-2024";

/** An app from an address of its own (X-Forwarded-For through the trusted local proxy), signed in unless told. */
const app = (options: { language?: string; signedIn?: boolean } = {}) => {
  const client = new ApiClient(base, { address: `198.51.100.${++n % 250}`, ...(options.language ? { language: options.language } : {}) });
  client.token = options.signedIn === false ? null : token;
  return client;
};

interface Refusal {
  code: string;
  detail: string;
  errors: { field: string; message: string }[];
}

/** Each field's message of a refusal, by field. */
const messages = (answer: ApiAnswer<Refusal>) => Object.fromEntries((answer.body.errors ?? []).map((e) => [e.field, e.message]));

/** zod's own English, in any of its forms. */
const ZOD_WORDING = /Invalid (input|option|string|value|key|element|number|email|UUID|URL|ISO|date)|Too (big|small):|Unrecognized keys?|expected \w+, received \w+/;

beforeAll(async () => {
  // The walk below sends some hundreds of requests with one token, more than a minute's allowance.
  store = await startSeededStore({ TRUSTED_PROXIES: "127.0.0.1", API_RATE_LIMIT_PER_TOKEN: "100000" });
  base = store.server.url;
  const signUp = await app({ signedIn: false }).post<{ token: string }>("/auth/sign-up", { email: `fields-${Date.now()}@east-harlem.test`, password: PASSWORD, acceptTerms: true, displayName: "Ana Rivera" });
  expect(signUp.status, signUp.text).toBe(201);
  token = signUp.body.token;
  // A tee in the cart: the order ships, so the checkout needs the address too.
  const product = await app().get<{ variants: { id: number; available: number }[] }>("/products/harlem-classic-tee");
  const added = await app().post("/cart/items", { variantId: product.body.variants.find((v) => v.available > 0)!.id, quantity: 1 });
  expect(added.status, added.text).toBe(201);
}, 240_000);
afterAll(async () => {
  await store?.stop();
});

describe("a checkout sent without its fields", () => {
  const placeEmpty = (language?: string) => app({ language }).call<Refusal>("POST", "/checkout", { json: {}, headers: { "Idempotency-Key": `fields-${Date.now()}-${++n}` } });

  it("names every field the order needs, each with the checkout form's message", async () => {
    const answer = await placeEmpty();
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("validation");
    expect(answer.body.detail).toBe("Full name is required.");
    expect(answer.body.errors).toEqual([
      { field: "fullName", message: "Full name is required." },
      { field: "email", message: "Email is required." },
      { field: "street", message: "Enter the street address." },
      { field: "city", message: "Enter the city." },
      { field: "zipCode", message: "Enter the ZIP or postal code." },
      { field: "state", message: "Enter the state, province or region." },
      { field: "card.cardNumber", message: "Enter your card number." },
      { field: "card.cardExpiry", message: "Enter the expiry date as MM/YY." },
      { field: "card.cardCvc", message: "Enter the 3 or 4 digit security code." },
    ]);
    expect(answer.text).not.toMatch(ZOD_WORDING);
  });

  it("says the same in Spanish when the app asks for Spanish", async () => {
    const answer = await placeEmpty("es");
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-language")).toBe("es");
    expect(answer.body.detail).toBe("Escribe tu nombre completo.");
    expect(messages(answer)).toMatchObject({
      fullName: "Escribe tu nombre completo.",
      email: "Escribe tu correo electrónico.",
      street: "Escribe la calle y el número.",
      city: "Escribe la ciudad.",
      "card.cardNumber": "Escribe el número de tu tarjeta.",
      "card.cardExpiry": "Escribe la fecha de vencimiento como MM/AA.",
    });
    expect(answer.body.errors).toHaveLength(9);
  });

  it("names a field of the wrong type with what it takes, and a body that is not an object of fields", async () => {
    const wrong = await app().call<Refusal>("POST", "/checkout", { json: { fullName: 42, email: "ana@east-harlem.test", billingAddress: "home" }, headers: { "Idempotency-Key": `fields-${Date.now()}-${++n}` } });
    expect(wrong.status).toBe(400);
    expect(messages(wrong)).toMatchObject({ fullName: "Enter text.", billingAddress: "Send the fields as a JSON object.", street: "Enter the street address." });
    const list = await app({ language: "es" }).call<Refusal>("POST", "/checkout", { json: [], headers: { "Idempotency-Key": `fields-${Date.now()}-${++n}` } });
    expect(list.status).toBe(400);
    expect(list.body.errors).toEqual([{ field: "body", message: "Envía los campos como un objeto JSON." }]);
  });
});

describe("the profile sent without its fields", () => {
  it("names each field and what it takes, in English and in Spanish", async () => {
    const english = await app().patch<Refusal>("/me/profile", {});
    expect(english.status).toBe(400);
    expect(messages(english)).toEqual({
      firstName: "This field is missing: send it, even empty.",
      lastName: "This field is missing: send it, even empty.",
      phone: "This field is missing: send it, even empty.",
      marketingOptIn: "Choose true or false.",
    });
    const spanish = await app({ language: "es" }).patch<Refusal>("/me/profile", { firstName: "Ana", lastName: "Rivera", phone: 2125550116, marketingOptIn: "yes" });
    expect(spanish.status).toBe(400);
    expect(messages(spanish)).toEqual({ phone: "Escribe un texto.", marketingOptIn: "Elige true o false." });
  });
});

describe("every operation", () => {
  /** Each path parameter filled: a real product's slug, and ids that name nothing of the viewer's. */
  const address = (path: string, garbage: boolean) => path.replace(/\{(\w+)\}/g, (_, name: string) => (garbage ? "zz%20z" : name === "slug" ? "harlem-classic-tee" : name === "code" ? "ZZZZZZ" : "1"));
  /** Each field of the operation's body given a value of the wrong type. */
  const wrongTypes = (fields: string[], value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
  // Signing out ends the token the walk goes on with: it goes last.
  const walked = [...OPERATIONS].sort((a, b) => Number(a.operationId === "signOut") - Number(b.operationId === "signOut"));

  it("answers an empty or garbled request in the store's words, never the validator's, in both languages", async () => {
    const seen = new Set<string>();
    const untranslated = new Set<string>();
    for (const op of walked) {
      const fields = Object.keys((op.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
      const query = Object.keys((op.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
      const search = query.length > 0 ? `?${query.map((name) => `${name}=${encodeURIComponent("{}")}`).join("&")}` : "";
      const bodies: unknown[] = op.method === "get" ? [undefined] : [{}, [], wrongTypes(fields, 12345), wrongTypes(fields, { nested: true }), wrongTypes(fields, "z".repeat(3000))];
      for (const garbage of [false, true]) {
        // Garbled path parameters with the first body only.
        for (const json of garbage ? bodies.slice(0, 1) : bodies) {
          const path = address(op.path, garbage) + search;
          const said: Record<string, Record<string, string>> = {};
          for (const language of ["en", "es"]) {
            const answer = await app({ language }).call<Refusal>(op.method.toUpperCase(), path, json === undefined ? {} : { json, headers: op.idempotency ? { "Idempotency-Key": `walk-${Date.now()}-${++n}` } : {} });
            const what = `${op.operationId} ${path} ${JSON.stringify(json)?.slice(0, 60)} (${language}): ${answer.status} ${answer.text.slice(0, 300)}`;
            expect(answer.status, what).toBeLessThan(500);
            expect(answer.text, what).not.toMatch(ZOD_WORDING);
            if (answer.body?.code !== "validation") continue;
            seen.add(op.operationId);
            said[language] = messages(answer);
            expect(Object.keys(said[language]!).length, what).toBeGreaterThan(0);
          }
          // Each field named in both languages, and said in Spanish in Spanish.
          if (said.en && said.es) {
            expect(Object.keys(said.es), path).toEqual(Object.keys(said.en));
            for (const [field, english] of Object.entries(said.en)) if (said.es[field] === english) untranslated.add(`${op.operationId} ${field}: ${english}`);
          }
        }
      }
    }
    expect([...untranslated]).toEqual([]);
    // The walk reached the operations that validate a body, and they refused what it sent.
    for (const id of ["placeOrder", "addCartItem", "updateProfile", "createReview", "signUp", "createWishlist", "rsvpToEvent", "updatePreferences"]) expect([...seen], id).toContain(id);
  }, 180_000);
});
