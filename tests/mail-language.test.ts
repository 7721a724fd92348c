// Mails go out in the recipient's language (ADR 0025): a shopper's account language, else the language
// of the page a guest or a subscriber used. The English mails stay word for word what they were.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, updatePreferences } from "../core/accounts/index.ts";
import { adminMarkDelivered, adminShipOrder, recordAudit, type AdminActor, type AdminOrderDeps } from "../core/admin/index.ts";
import type { CheckoutDeps } from "../core/checkout/index.ts";
import { addTicketType, cancelRsvp, confirmRsvp, createEvent, getEventBySlug, submitRsvp, ticketsOfOrder, type EventActor } from "../core/events/index.ts";
import { recipientLocale } from "../core/mail/index.ts";
import { confirmSubscription, createCampaign, runCampaign, subscribe, type NewsletterDeps } from "../core/newsletter/index.ts";
import type { Locale } from "../core/shared/locale.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { auditLog, newsletterSubscribers, outbox, rsvps } from "../db/schema/index.ts";
import type { TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { adminOrderTestDatabase, BILLING, purchase } from "./purchase.ts";

let database: TestDatabase;
let db: Db;
let checkout: CheckoutDeps;
let deps: AdminOrderDeps;
let actor: AdminActor;
let newsletter: NewsletterDeps;

beforeAll(async () => {
  ({ database, db, checkout, deps, actor } = await adminOrderTestDatabase());
  newsletter = { db, jobs: database.jobs, baseUrl: TEST_BASE_URL, secret: "a-test-secret-that-is-long-enough-for-hmac-keys" };
});
afterAll(() => database?.destroy());

async function shopperSpeaking(language: Locale) {
  const user = await makeUser(db);
  await updatePreferences(db, user.id, { ...DEFAULT_PREFERENCES, language });
  return user;
}
const mailsTo = (to: string) => db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
const aboutOrder = async (orderNumber: number) => (await mailsTo(BILLING.email)).filter((m) => m.subject.includes(`EH-${orderNumber}`));

describe("order mails", () => {
  it("reach a shopper whose account speaks Spanish in Spanish: the confirmation and the shipping notice, subject and body", async () => {
    const shopper = await shopperSpeaking("es");
    const { variants: [v] } = await makeProduct(db, 3500, [{ stock: 5, size: "M" }], "Harlem Classic Tee");
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 2 }]);
    await adminShipOrder(deps, actor, receipt.orderId, { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await adminMarkDelivered(deps, actor, receipt.orderId);

    const [confirmation, shipped, delivered] = await aboutOrder(receipt.orderNumber);
    const number = `EH-${receipt.orderNumber}`;
    expect(confirmation!.subject).toBe(`Tu pedido de East Harlem ${number}`);
    expect(confirmation!.text).toContain("¡Hola, Ana Rivera!");
    expect(confirmation!.text).toContain(`Gracias por tu pedido ${number}. Ya recibimos tu pago y lo estamos preparando.`);
    expect(confirmation!.text).toContain("2 x Harlem Classic Tee (M): $70.00");
    expect(confirmation!.text).toContain("Impuesto (8%): $5.60");
    expect(confirmation!.text).toContain(`Sigue tu pedido: ${TEST_BASE_URL}/es/orders/${receipt.orderId}`);
    expect(confirmation!.text).toContain("Recibes este correo porque hiciste un pedido; se envía sin importar tus ajustes de notificaciones.");
    expect(confirmation!.html).toContain('<html lang="es">');
    expect(confirmation!.html).toContain(">Ver tu pedido</a>");
    expect(confirmation!.text).not.toMatch(/Thank you|Follow your order|You get this email/);

    expect(shipped!.subject).toBe(`Tu pedido de East Harlem ${number} va en camino`);
    expect(shipped!.text).toContain(`Tu pedido ${number} va en camino con UPS.`);
    expect(shipped!.text).toContain("Número de rastreo: 1Z999AA10123456784");
    expect(shipped!.text).toContain(`${TEST_BASE_URL}/es/orders/${receipt.orderId}/track`);
    expect(shipped!.text).toContain(`"Novedades de pedidos" está activado en los Ajustes de tu cuenta`);
    expect(shipped!.html).toContain(`Pedido ${number} enviado`);
    expect(delivered!.subject).toBe(`Tu pedido de East Harlem ${number} fue entregado`);
  });

  it("reach a shopper whose account speaks English in English, as before", async () => {
    const shopper = await shopperSpeaking("en");
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 5 }]);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 1 }]);
    await adminShipOrder(deps, actor, receipt.orderId, { carrier: "USPS", trackingNumber: "9400111899223100000000" });

    const [confirmation, shipped] = await aboutOrder(receipt.orderNumber);
    const number = `EH-${receipt.orderNumber}`;
    expect(confirmation!.subject).toBe(`Your East Harlem order ${number}`);
    expect(confirmation!.text).toContain(`Hi Ana Rivera,\n\nThank you for your order ${number}. We have your payment and are getting it ready.`);
    expect(confirmation!.text).toContain(`Follow your order: ${TEST_BASE_URL}/orders/${receipt.orderId}\nOnce it ships, follow the package: ${TEST_BASE_URL}/orders/${receipt.orderId}/track\n\n— East Harlem`);
    expect(confirmation!.html).toContain("Or open this link:");
    expect(shipped!.subject).toBe(`Your East Harlem order ${number} has shipped`);
    expect(shipped!.text).toContain(`Your order ${number} is on its way with USPS.\n\nTracking number: 9400111899223100000000`);
    expect(shipped!.text).toContain(`You get this email because "Order updates" is on in your account's Settings`);
  });
});

describe("newsletter mails", () => {
  const confirmTokenIn = (text: string) => /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it("confirm a subscription given on a Spanish page in Spanish, and send the newsletter's own lines in Spanish", async () => {
    const email = `oyente-${Date.now()}@east-harlem.test`;
    await subscribe(newsletter, { email, source: "footer", language: "es" }, "198.51.100.77");
    const [confirmation] = await mailsTo(email);
    expect(confirmation!.subject).toBe("Confirma tu suscripción al boletín de East Harlem");
    expect(confirmation!.text).toContain("El enlace funciona por 48 horas.");
    expect(confirmation!.text).toContain(`Confirma tu suscripción: ${TEST_BASE_URL}/es/newsletter/confirm?token=`);
    expect(confirmation!.text).toContain("Recibes este correo porque esta dirección se usó para suscribirse al boletín");
    expect((await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!.language).toBe("es");

    await confirmSubscription(newsletter, confirmTokenIn(confirmation!.text));
    const admin = await makeUser(db, "admin");
    const campaignActor: AdminActor = { id: admin.id, email: admin.email, role: "admin", clientIp: "203.0.113.9" };
    const campaignId = await createCampaign(newsletter, campaignActor, { subject: "Drop 7 is live", body: "New tees on **Friday**." });
    await runCampaign(newsletter, campaignId);
    const letter = (await mailsTo(email)).at(-1)!;
    // The campaign is written by the store in one language; the lines around it are the subscriber's.
    expect(letter.subject).toBe("Drop 7 is live");
    expect(letter.text).toContain("Recibes este correo porque te suscribiste al boletín de East Harlem.");
    expect(letter.text).toContain(`Cancelar suscripción: ${TEST_BASE_URL}/es/newsletter/unsubscribe?token=`);
    // Mail providers post the one-click unsubscribe to the Spanish page's address, which the server answers too.
    expect(letter.headers!["List-Unsubscribe"]).toMatch(new RegExp(`^<${TEST_BASE_URL}/es/newsletter/unsubscribe\\?token=`));
  });

  describe("a campaign written in both languages", () => {
    let subscribers = 0;
    async function confirmedSubscriber(language: Locale, account?: Locale): Promise<string> {
      const email = account ? (await shopperSpeaking(account)).email : `fan-${language}-${newToken().slice(0, 8).toLowerCase()}@east-harlem.test`;
      subscribers += 1;
      await subscribe(newsletter, { email, source: "page", language }, `198.51.100.${100 + subscribers}`);
      await confirmSubscription(newsletter, confirmTokenIn((await mailsTo(email)).at(-1)!.text));
      return email;
    }
    async function send(input: Parameters<typeof createCampaign>[2]): Promise<number> {
      const admin = await makeUser(db, "admin");
      const id = await createCampaign(newsletter, { id: admin.id, email: admin.email, role: "admin", clientIp: "203.0.113.9" }, input);
      await runCampaign(newsletter, id);
      return id;
    }
    const english = { subject: "Drop 8: the river tees", body: "Out **Friday** on 116th." };
    const spanish = { subject: "Drop 8: las camisetas del río", body: "Salen el **viernes** en la 116." };
    const unsubscribeAt = (letter: { headers: Record<string, string> | null }) => /^<([^?]+)\?/.exec(letter.headers!["List-Unsubscribe"]!)![1];

    it("reaches a Spanish subscriber with its Spanish and the Spanish unsubscribe page, an English one with its English", async () => {
      const [es, en, esAccount] = [await confirmedSubscriber("es"), await confirmedSubscriber("en"), await confirmedSubscriber("en", "es")];
      const id = await send({ ...english, spanish });
      for (const email of [es, esAccount]) {
        const letter = (await mailsTo(email)).at(-1)!;
        expect(letter.subject).toBe(spanish.subject);
        expect(letter.text).toContain("Salen el viernes en la 116.");
        expect(letter.html).toContain("<strong>viernes</strong>");
        expect(letter.text).not.toContain("Friday");
        expect(unsubscribeAt(letter)).toBe(`${TEST_BASE_URL}/es/newsletter/unsubscribe`);
        expect(letter.text).toContain(`${TEST_BASE_URL}/es/newsletter/unsubscribe?token=`);
      }
      const letter = (await mailsTo(en)).at(-1)!;
      expect(letter.subject).toBe(english.subject);
      expect(letter.text).toContain("Out Friday on 116th.");
      expect(letter.text).not.toContain("viernes");
      expect(unsubscribeAt(letter)).toBe(`${TEST_BASE_URL}/newsletter/unsubscribe`);
      // The audit row keeps both languages as sent.
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "newsletter"), eq(auditLog.entityId, String(id))));
      expect(audit!.after).toMatchObject({ subject: english.subject, body: english.body, subjectEs: spanish.subject, bodyEs: spanish.body });
    });

    it("without its Spanish, reaches both in English, each with the unsubscribe page in their language", async () => {
      const [es, en] = [await confirmedSubscriber("es"), await confirmedSubscriber("en")];
      await send(english);
      const [toSpanish, toEnglish] = [(await mailsTo(es)).at(-1)!, (await mailsTo(en)).at(-1)!];
      expect([toSpanish.subject, toEnglish.subject]).toEqual([english.subject, english.subject]);
      expect(toSpanish.text).toContain("Out Friday on 116th.");
      expect(unsubscribeAt(toSpanish)).toBe(`${TEST_BASE_URL}/es/newsletter/unsubscribe`);
      expect(unsubscribeAt(toEnglish)).toBe(`${TEST_BASE_URL}/newsletter/unsubscribe`);
    });
  });

  it("confirm a subscription given on an English page in English", async () => {
    const email = `listener-${Date.now()}@east-harlem.test`;
    await subscribe(newsletter, { email, source: "page" }, "198.51.100.78");
    const [confirmation] = await mailsTo(email);
    expect(confirmation!.subject).toBe("Confirm your East Harlem newsletter subscription");
    expect(confirmation!.text).toContain(`Confirm your subscription: ${TEST_BASE_URL}/newsletter/confirm?token=`);
  });

  it("follow the account's language for an address with an account, whatever page the box was on", async () => {
    const shopper = await shopperSpeaking("es");
    await subscribe(newsletter, { email: shopper.email, source: "shop", language: "en" }, "198.51.100.79");
    const [confirmation] = await mailsTo(shopper.email);
    expect(confirmation!.subject).toBe("Confirma tu suscripción al boletín de East Harlem");
  });
});

async function eventAdmin(): Promise<EventActor> {
  const admin = await makeUser(db, "admin");
  const adminActor: AdminActor = { id: admin.id, email: admin.email, role: "admin", clientIp: "127.0.0.1" };
  return { id: admin.id, email: admin.email, audit: (tx, entry) => recordAudit(tx, adminActor, entry) };
}

describe("tickets", () => {
  it("reach a shopper whose account speaks Spanish in Spanish, with the event's day in Spanish", async () => {
    const who = await eventAdmin();
    const slug = `noche-${newToken(4).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
    const created = await createEvent(db, who, {
      slug, title: "Rooftop Frequencies", kind: "Live Session", timeLabel: "Doors", description: "A night on the roof with three DJs.",
      startsAt: "2099-06-15T20:00", endsAt: "2099-06-15T23:00", venue: "East 116th Street", image: "/images/event-june-15.svg",
      imageAlt: "A poster.", capacity: 10, mode: "tickets", partySizeLimit: 1, published: true,
    });
    await addTicketType(db, who, created.id, { name: "General", price: 2000, seats: 10 });
    const general = (await getEventBySlug(db, slug))!.ticketTypes[0]!;
    const shopper = await shopperSpeaking("es");
    const receipt = await purchase(checkout, shopper, [{ variantId: general.variantId, quantity: 2 }]);
    const tickets = (await mailsTo(BILLING.email)).find((m) => m.subject === "Tus boletos: Rooftop Frequencies")!;
    expect(tickets.text).toContain(`Aquí están tus 2 boletos para Rooftop Frequencies (pedido EH-${receipt.orderNumber}).`);
    expect(tickets.text).toContain("Cuándo: lunes, 15 de junio de 2099, de 8:00 p. m. a 11:00 p. m. (hora de Nueva York)");
    expect(tickets.text).toContain("Boleto 1 de 2: General");
    expect(tickets.text).toContain(`Tu pedido: ${TEST_BASE_URL}/es/orders/${receipt.orderId}`);
    expect(tickets.html).toContain('alt="Código QR del boleto ');
  });

  it("name the event and the ticket type in the recipient's language when they have Spanish texts; the ticket keeps its English type", async () => {
    const who = await eventAdmin();
    const slug = `azotea-${newToken(4).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
    const created = await createEvent(db, who, {
      slug, title: "Rooftop Frequencies: Live Session", kind: "Live Session", timeLabel: "Doors", description: "A night on the roof with three DJs.",
      startsAt: "2099-06-15T20:00", endsAt: "2099-06-15T23:00", venue: "A rooftop off Lexington", image: "/images/event-june-15.svg",
      imageAlt: "A poster.", capacity: 10, mode: "tickets", partySizeLimit: 1, published: true,
      titleEs: "Rooftop Frequencies: sesión en vivo", descriptionEs: "Una noche en la azotea con tres DJs.", venueEs: "Una azotea cerca de la Lexington",
    });
    await addTicketType(db, who, created.id, { name: "Early Bird", price: 1500, seats: 10, nameEs: "Preventa" });
    const type = (await getEventBySlug(db, slug))!.ticketTypes[0]!;

    const spanish = await shopperSpeaking("es");
    const bought = await purchase(checkout, spanish, [{ variantId: type.variantId, quantity: 2 }]);
    const es = (await mailsTo(BILLING.email)).find((m) => m.subject === "Tus boletos: Rooftop Frequencies: sesión en vivo")!;
    expect(es.text).toContain(`Aquí están tus 2 boletos para Rooftop Frequencies: sesión en vivo (pedido EH-${bought.orderNumber}).`);
    expect(es.text).toContain("Dónde: Una azotea cerca de la Lexington");
    expect(es.text).toContain("Boleto 1 de 2: Preventa");
    const ics = Buffer.from(es.attachments!.find((a) => a.filename.endsWith(".ics"))!.contentBase64, "base64").toString("utf8");
    expect(ics).toContain("SUMMARY:Rooftop Frequencies: sesión en vivo");
    expect(ics).toContain("Una noche en la azotea con tres DJs.");
    // The ticket is issued under the English name (the door reads it); the order's page in Spanish names it in Spanish.
    expect((await ticketsOfOrder(db, bought.orderId)).map((t) => [t.typeName, t.eventTitle, t.venue])).toEqual([
      ["Early Bird", "Rooftop Frequencies: Live Session", "A rooftop off Lexington"],
      ["Early Bird", "Rooftop Frequencies: Live Session", "A rooftop off Lexington"],
    ]);
    expect((await ticketsOfOrder(db, bought.orderId, "es"))[0]).toMatchObject({ typeName: "Preventa", eventTitle: "Rooftop Frequencies: sesión en vivo", venue: "Una azotea cerca de la Lexington" });

    const english = await shopperSpeaking("en");
    await purchase(checkout, english, [{ variantId: type.variantId, quantity: 1 }]);
    const en = (await mailsTo(BILLING.email)).filter((m) => m.subject === "Your tickets: Rooftop Frequencies: Live Session").at(-1)!;
    expect(en.text).toContain("Ticket 1 of 1: Early Bird");
    expect(en.text).toContain("Where: A rooftop off Lexington");
    expect(en.text).not.toMatch(/Preventa|azotea/);
  });
});

describe("RSVP mails", () => {
  async function rsvpEvent(capacity: number) {
    const slug = `pinta-${newToken(4).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
    return createEvent(db, await eventAdmin(), {
      slug, title: "Paint the Block", kind: "Art Exhibition", timeLabel: "Opening Reception", description: "Canvases and live painting outside.",
      startsAt: "2099-07-20T18:00", endsAt: "2099-07-20T21:00", venue: "East 116th Street", image: "/images/event-july-20.svg",
      imageAlt: "A poster.", capacity, mode: "rsvp", partySizeLimit: 4, published: true,
    });
  }
  const rsvpDeps = () => ({ db, jobs: database.jobs, baseUrl: TEST_BASE_URL });
  const tokenIn = (text: string, kind: "confirm" | "cancel") => new RegExp(`/events/rsvp/${kind}\\?token=([A-Za-z0-9_-]{43})`).exec(text)![1]!;

  it("write to a guest who RSVP'd on a Spanish page in Spanish, dates included, from the confirm link to moving off the waitlist", async () => {
    const event = await rsvpEvent(2);
    const member = await shopperSpeaking("en");
    expect(await submitRsvp(rsvpDeps(), event.id, { name: "Member", email: member.email, partySize: 2 }, { userId: member.id, email: member.email })).toBe("confirmed");
    const [memberMail] = await mailsTo(member.email);
    expect(memberMail!.subject).toBe("You're on the list: Paint the Block");
    expect(memberMail!.text).toContain("When: Monday, July 20, 2099, 6:00 PM to 9:00 PM (New York time)");

    const guest = `invitada-${Date.now()}@guest.test`;
    expect(await submitRsvp(rsvpDeps(), event.id, { name: "Marisol", email: guest, partySize: 1 }, null, "es")).toBe("pending");
    expect((await db.select({ language: rsvps.language }).from(rsvps).where(eq(rsvps.email, guest)))[0]!.language).toBe("es");
    const [ask] = await mailsTo(guest);
    expect(ask!.subject).toBe("Confirma tu reservación: Paint the Block");
    expect(ask!.text).toContain("¡Hola, Marisol!");
    expect(ask!.text).toContain("Confirma tu reservación para Paint the Block (1 persona): lunes, 20 de julio de 2099, de 6:00 p. m. a 9:00 p. m. (hora de Nueva York), East 116th Street.");
    expect(ask!.text).toContain(`Confirma: ${TEST_BASE_URL}/es/events/rsvp/confirm?token=`);

    expect((await confirmRsvp(rsvpDeps(), tokenIn(ask!.text, "confirm"))).status).toBe("waitlisted");
    const waitlisted = (await mailsTo(guest)).at(-1)!;
    expect(waitlisted.subject).toBe("Estás en la lista de espera: Paint the Block");
    expect(waitlisted.text).toContain("Paint the Block está lleno por ahora, así que tu grupo de 1 está en la lista de espera.");

    await cancelRsvp(rsvpDeps(), tokenIn(memberMail!.text, "cancel"));
    const promoted = (await mailsTo(guest)).at(-1)!;
    expect(promoted.subject).toBe("Saliste de la lista de espera: Paint the Block");
    expect(promoted.text).toContain("Grupo: 1 persona");
    expect(promoted.text).toContain(`Cancela tu reservación: ${TEST_BASE_URL}/es/events/rsvp/cancel?token=`);
    const ics = Buffer.from(promoted.attachments!.find((a) => a.filename.endsWith(".ics"))!.contentBase64, "base64").toString("utf8");
    expect(ics).toContain(`${TEST_BASE_URL}/es/events/${event.slug}`);
  });

  it("name the event in Spanish when it has a Spanish title and venue; the result page gets the title in its own language", async () => {
    const slug = `pinta-es-${newToken(4).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
    const event = await createEvent(db, await eventAdmin(), {
      slug, title: "Paint the Block: Art Exhibition", kind: "Art Exhibition", timeLabel: "Opening Reception", description: "Canvases and live painting outside.",
      startsAt: "2099-07-20T18:00", endsAt: "2099-07-20T21:00", venue: "A gallery on East 116th Street", image: "/images/event-july-20.svg",
      imageAlt: "A poster.", capacity: 5, mode: "rsvp", partySizeLimit: 4, published: true,
      titleEs: "Paint the Block: exposición de arte", venueEs: "Una galería en la calle 116 Este",
    });
    const guest = `pintora-${Date.now()}@guest.test`;
    expect(await submitRsvp(rsvpDeps(), event.id, { name: "Yesenia", email: guest, partySize: 2 }, null, "es")).toBe("pending");
    const [ask] = await mailsTo(guest);
    expect(ask!.subject).toBe("Confirma tu reservación: Paint the Block: exposición de arte");
    expect(ask!.text).toContain("(2 personas): lunes, 20 de julio de 2099, de 6:00 p. m. a 9:00 p. m. (hora de Nueva York), Una galería en la calle 116 Este.");
    const confirmed = await confirmRsvp(rsvpDeps(), tokenIn(ask!.text, "confirm"), "es");
    expect(confirmed).toMatchObject({ status: "confirmed", eventTitle: "Paint the Block: exposición de arte" });
    const placed = (await mailsTo(guest)).at(-1)!;
    expect(placed.subject).toBe("Estás en la lista: Paint the Block: exposición de arte");
    expect(placed.text).toContain("Dónde: Una galería en la calle 116 Este");
    // The same link opened on an English page names the event in English.
    expect((await confirmRsvp(rsvpDeps(), tokenIn(ask!.text, "confirm"))).eventTitle).toBe("Paint the Block: Art Exhibition");
  });
});

describe("the recipient's language", () => {
  it("is the account's, else the page's, else the address's account's, else English", async () => {
    const spanish = await shopperSpeaking("es");
    const noProfile = await makeUser(db);
    expect(await recipientLocale(db, { userId: spanish.id, pageLocale: "en" })).toBe("es");
    expect(await recipientLocale(db, { userId: noProfile.id, pageLocale: "es" })).toBe("es");
    expect(await recipientLocale(db, { email: `  ${spanish.email.toUpperCase()} ` })).toBe("es");
    expect(await recipientLocale(db, { email: "nobody@example.test" })).toBe("en");
    expect(await recipientLocale(db, { userId: noProfile.id })).toBe("en");
  });
});
