import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { registerOverHttp, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { linkIn, startMailCatcher } from "./mail-catcher.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// Mails in the recipient's language over HTTP, against the production server: the language of the page a
// form was sent from, and the one a shopper chose with the switcher, reach the mails and their links.
let store: SeededStore;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const url = () => store.server.url;

beforeAll(async () => {
  mail = await startMailCatcher();
  store = await startSeededStore({ SMTP_URL: mail.url });
}, 240_000);

afterAll(async () => {
  await store?.stop();
  await mail?.close();
});

let counter = 0;
const newEmail = (who: string) => `${who}${++counter}-${Date.now()}@east-harlem.test`;

describe("a page's language reaches its mails", () => {
  it("signing up on a Spanish page: the verification mail is in Spanish and leads to the Spanish dashboard", async () => {
    const c = new Client(url());
    const email = newEmail("nueva");
    const res = await c.post("/es/login", {
      intent: "register",
      email,
      password: SHOPPER_PASSWORD,
      confirmPassword: SHOPPER_PASSWORD,
      acceptTerms: "on",
      displayName: "Marisol",
      redirectTo: "/",
    });
    expect(res.status).toBe(302);
    const verification = await mail.waitFor(email, /^Verifica tu correo electrónico$/);
    expect(verification.text).toContain("¡Hola, Marisol!");
    expect(verification.text).toContain("Confirma tu correo electrónico para terminar de crear tu cuenta de East Harlem.");
    const link = linkIn(verification, `${url()}/api/auth/verify-email?token=`);
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/es/dashboard?verified=1");
    const opened = await new Client(url()).get(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toContain("/es/dashboard?verified=1");
  });

  it("subscribing from a Spanish page: the confirmation is in Spanish and its link opens the Spanish page", async () => {
    const email = newEmail("oyente");
    const res = await new Client(url()).post("/es/newsletter", { email, source: "footer" });
    expect(res.status).toBe(200);
    const confirmation = await mail.waitFor(email, /^Confirma tu suscripción al boletín de East Harlem$/);
    const link = linkIn(confirmation, `${url()}/es/newsletter/confirm?token=`);
    const page = await new Client(url()).get(link);
    expect(page.status).toBe(200);
    expect(await Client.text(page)).toMatch(/<html[^>]*\slang="es"/);
  });
});

describe("the account's language reaches its mails", () => {
  it("a shopper who switches to Español gets the order confirmation in Spanish, and a password reset too", async () => {
    const c = new Client(url());
    const email = newEmail("shopper");
    await registerOverHttp(c, email);
    // Made on an English page, the account first speaks English.
    await mail.waitFor(email, /^Verify your email address$/);

    const switched = await c.post("/language", { lang: "es", redirectTo: "/shop" });
    expect(switched.status).toBe(302);
    expect(switched.headers.get("location")).toBe("/es/shop");

    const product = await Client.text(await c.get("/es/shop/salsa-breaks-tee"));
    const productId = /name="productId" value="(\d+)"/.exec(product)![1]!;
    const added = await c.post("/es/cart", { intent: "add", productId, size: "L", color: "Black", quantity: "1" });
    expect(added.status, await added.clone().text()).toBe(200);
    const form = await Client.text(await c.get("/es/checkout"));
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(form)![1]!;
    const paid = await c.post("/es/checkout", {
      idempotencyKey,
      fullName: "Ana Rivera",
      email,
      street: "2150 Third Ave",
      city: "New York",
      state: "NY",
      zipCode: "10035",
      country: "US",
      cardNumber: "4242 4242 4242 4242",
      cardExpiry: "12/34",
      cardCvc: "123",
    });
    expect(paid.status).toBe(303);

    const confirmation = await mail.waitFor(email, /^Tu pedido de East Harlem EH-\d+$/);
    expect(confirmation.text).toContain("¡Hola, Ana Rivera!");
    expect(confirmation.text).toMatch(/Gracias por tu pedido EH-\d+\. Ya recibimos tu pago y lo estamos preparando\./);
    expect(confirmation.text).toContain("(L / Negro): $");
    expect(confirmation.text).toContain(`Sigue tu pedido: ${url()}/es/orders/`);
    expect(confirmation.html).toContain('lang="es"');

    await new Client(url()).post("/es/login", { intent: "reset", email });
    const reset = await mail.waitFor(email, /^Restablece tu contraseña$/);
    expect(reset.text).toContain("Alguien pidió restablecer la contraseña de tu cuenta de East Harlem.");
    const link = linkIn(reset, `${url()}/api/auth/reset-password/`);
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/es/reset-password");
  });
});
