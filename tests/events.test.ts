// Events: tickets sold through the shop's own cart, checkout and stock (never oversold, voided and put back
// on sale by a cancellation or refund), checked in once at the door; and RSVPs with a waitlist that moves up.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminCancelOrder, findAdminOrder, recordAudit, requestOrderRefund, type AdminActor, type AdminOrderDeps } from "../core/admin/index.ts";
import { addToCart, createCartForUser } from "../core/cart/index.ts";
import { listProducts, listProductSlugs, getProductBySlug, parseShopQuery } from "../core/catalog/index.ts";
import { placeOrder } from "../core/checkout/index.ts";
import {
  cancelRsvp,
  checkInTicket,
  confirmRsvp,
  addTicketType,
  createEvent,
  eventFormSchema,
  getAdminEvent,
  getEventBySlug,
  nextUpcomingEvent,
  submitRsvp,
  ticketsOfOrder,
  updateEvent,
  updateTicketType,
  type EventActor,
} from "../core/events/index.ts";
import { parseRefundForm, shipmentTimeline, TICKETS_SENT_NOTE } from "../core/orders/index.ts";
import { newToken } from "../core/shared/ids.ts";
import { auditLog, events, outbox, products, rsvps, tickets, variants } from "../db/schema/index.ts";
import { seedEventsEs } from "../db/seed/culture-es.ts";
import { seedEvents } from "../db/seed/events.ts";
import { usingPostgres } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { BILLING, checkoutTestDatabase, GOOD_CARD, purchase } from "./purchase.ts";

const t = checkoutTestDatabase();
const NOW = new Date();

async function admin(): Promise<{ actor: AdminActor; events: EventActor }> {
  const user = await makeUser(t.db, "admin");
  const actor: AdminActor = { id: user.id, email: user.email, role: "admin", clientIp: "127.0.0.1" };
  return { actor, events: { id: user.id, email: user.email, audit: (tx, entry) => recordAudit(tx, actor, entry) } };
}
const adminDeps = (): AdminOrderDeps => ({ db: t.db, payments: t.checkout.payments, jobs: t.checkout.jobs, baseUrl: TEST_BASE_URL });

/** The seeded live session's ticket types by name. */
async function ticketTypes() {
  const event = (await getEventBySlug(t.db, "rooftop-frequencies-live-session"))!;
  return { event, general: event.ticketTypes.find((x) => x.name === "General")!, vip: event.ticketTypes.find((x) => x.name === "VIP")! };
}
const available = async (variantId: number) => (await t.db.select({ a: variants.available }).from(variants).where(eq(variants.id, variantId)))[0]!.a;

/** A ticketed event of its own with one ticket type of `seats` seats, so tests do not share stock. */
async function eventWithSeats(seats: number, who: EventActor) {
  const slug = `night-${newToken(4).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
  const starts = new Date(Date.now() + 10 * 86_400_000);
  const local = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "America/New_York", dateStyle: "short", timeStyle: "short" }).format(d).replace(" ", "T");
  const event = await createEvent(t.db, who, {
    slug, title: `Night ${slug}`, kind: "Live Session", timeLabel: "Doors", description: "A night on the roof with three DJs.",
    startsAt: local(starts), endsAt: local(new Date(starts.getTime() + 3 * 3_600_000)), venue: "East 116th Street", image: "/images/event-june-15.svg",
    imageAlt: "A poster.", capacity: seats, mode: "tickets", partySizeLimit: 1, published: true,
  });
  const { addTicketType } = await import("../core/events/index.ts");
  await addTicketType(t.db, who, event.id, { name: "General", price: 2000, seats });
  return (await getEventBySlug(t.db, slug))!;
}

describe("the seeded events", () => {
  it("are upcoming on a fresh start, and their ticket product stays out of the shop", async () => {
    await seedEvents(t.db, NOW);
    const live = (await nextUpcomingEvent(t.db, "tickets"))!;
    const paint = (await nextUpcomingEvent(t.db, "rsvp"))!;
    expect(live.title).toBe("Rooftop Frequencies: Live Session");
    expect(paint.title).toBe("Paint the Block: Art Exhibition");
    for (const e of [live, paint]) expect(e.startsAt.getTime()).toBeGreaterThan(NOW.getTime());
    // 8:00 PM in New York, on June 15.
    expect(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" }).format(live.startsAt)).toBe("June 15 at 8:00 PM");
    expect(live.ticketTypes.map((x) => [x.name, x.priceCents])).toEqual([["General", 2500], ["VIP", 6000]]);

    const [ticketProduct] = await t.db.select().from(products).where(eq(products.kind, "ticket"));
    expect(ticketProduct!.active).toBe(true);
    expect((await listProducts(t.db, parseShopQuery(new URLSearchParams()))).total).toBe(0);
    expect((await listProducts(t.db, parseShopQuery(new URLSearchParams({ q: "rooftop" })))).total).toBe(0);
    expect(await getProductBySlug(t.db, ticketProduct!.slug)).toBeNull();
    expect((await listProductSlugs(t.db)).map((p) => p.slug)).not.toContain(ticketProduct!.slug);
    // Seeding again changes nothing while the events are ahead.
    expect(await seedEvents(t.db, NOW)).toBe(0);
  });

  it("read in Spanish under es: description, kind, time label, poster text and ticket types; an address stays as written", async () => {
    const live = (await nextUpcomingEvent(t.db, "tickets", { locale: "es" }))!;
    const spanish = seedEventsEs["rooftop-frequencies-live-session"]!;
    expect(live).toMatchObject({ title: spanish.title, kind: "Sesión en vivo", timeLabel: spanish.timeLabel, description: spanish.description, imageAlt: spanish.imageAlt, venue: "East 116th Street, East Harlem" });
    expect(live.ticketTypes.map((x) => [x.name, x.priceCents])).toEqual([["General", 2500], ["VIP", 6000]]);
    const paint = (await getEventBySlug(t.db, "paint-the-block-art-exhibition", "es"))!;
    expect(paint).toMatchObject({ title: "Paint the Block: exposición de arte", venue: "Una galería en la calle 116 Este", timeLabel: "Recepción de apertura" });
    expect((await getEventBySlug(t.db, "paint-the-block-art-exhibition"))!.venue).toBe("A gallery on East 116th Street");
  });

  it("take Spanish texts and ticket type names from the back office, each audited with its save; an empty one shows the English", async () => {
    const who = await admin();
    const event = await eventWithSeats(10, who.events);
    const general = event.ticketTypes[0]!;
    const local = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "America/New_York", dateStyle: "short", timeStyle: "short" }).format(d).replace(" ", "T");
    const form = eventFormSchema.parse({
      slug: event.slug, title: event.title, kind: "Live Session", timeLabel: "Doors", description: "A night on the roof with three DJs.",
      startsAt: local(event.startsAt), endsAt: local(event.endsAt), venue: "East 116th Street", image: "/images/event-june-15.svg",
      imageAlt: "A poster.", capacity: "10", mode: "tickets", partySizeLimit: "1", published: "on",
      kindEs: "Sesión en vivo", descriptionEs: "Una noche en la azotea con tres DJs.", titleEs: "",
    });
    await updateEvent(t.db, who.events, event.id, form);
    await updateTicketType(t.db, who.events, event.id, general.variantId, { price: 2000, seats: 10, nameEs: "Entrada general" });
    const es = (await getEventBySlug(t.db, event.slug, "es"))!;
    expect(es).toMatchObject({ title: event.title, kind: "Sesión en vivo", description: "Una noche en la azotea con tres DJs.", timeLabel: "Doors" });
    expect(es.ticketTypes.map((x) => x.name)).toEqual(["Entrada general"]);
    expect((await getEventBySlug(t.db, event.slug))!.ticketTypes.map((x) => x.name)).toEqual(["General"]);
    const editor = (await getAdminEvent(t.db, event.id))!;
    expect(editor.spanish).toMatchObject({ kind: "Sesión en vivo", title: null });
    expect(editor.ticketTypes.map((x) => [x.name, x.nameEs])).toEqual([["General", "Entrada general"]]);

    // Leaving the Spanish name out keeps it; an empty one removes it.
    await updateTicketType(t.db, who.events, event.id, general.variantId, { price: 2500, seats: 10 });
    expect((await getEventBySlug(t.db, event.slug, "es"))!.ticketTypes[0]).toMatchObject({ name: "Entrada general", priceCents: 2500 });
    await updateTicketType(t.db, who.events, event.id, general.variantId, { price: 2500, seats: 10, nameEs: null });
    expect((await getEventBySlug(t.db, event.slug, "es"))!.ticketTypes[0]!.name).toBe("General");
    await updateEvent(t.db, who.events, event.id, { ...form, kindEs: null, descriptionEs: null });
    expect((await getAdminEvent(t.db, event.id))!.spanish).toEqual({ title: null, kind: null, timeLabel: null, description: null, venue: null, imageAlt: null });
    expect((await getEventBySlug(t.db, event.slug, "es"))!.description).toBe("A night on the roof with three DJs.");

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, "event"), eq(auditLog.entityId, String(event.id))));
    const updates = audit.filter((r) => r.action === "update").map((r) => [(r.before as { kindEs: unknown }).kindEs, (r.after as { kindEs: unknown }).kindEs]);
    expect(updates).toEqual([
      [null, "Sesión en vivo"],
      ["Sesión en vivo", null],
    ]);
    const names = audit.filter((r) => r.action === "ticket_type_update").map((r) => [(r.before as { nameEs: unknown }).nameEs, (r.after as { nameEs: unknown }).nameEs]);
    expect(names).toEqual([
      [null, "Entrada general"],
      ["Entrada general", "Entrada general"],
      ["Entrada general", null],
    ]);
  });
});

describe("tickets", () => {
  it("a tee and two tickets check out together: two tickets issued and mailed with QR codes and an .ics", async () => {
    const { general } = await ticketTypes();
    const before = await available(general.variantId);
    const { variants: [tee] } = await makeProduct(t.db, 3000, [{ stock: 5, size: "M" }]);
    const shopper = await makeUser(t.db);
    const receipt = await purchase(t.checkout, shopper, [{ variantId: tee!.id, quantity: 1 }, { variantId: general.variantId, quantity: 2 }]);
    expect(receipt.totalCents).toBe(Math.round((3000 + 2 * 2500) * 1.08));
    const issued = await ticketsOfOrder(t.db, receipt.orderId);
    expect(issued).toHaveLength(2);
    expect(issued.every((x) => x.typeName === "General" && x.status === "valid")).toBe(true);
    expect(new Set(issued.map((x) => x.code)).size).toBe(2);
    for (const x of issued) expect(x.code).toMatch(/^[A-Z2-7]{16}$/);
    expect(await available(general.variantId)).toBe(before - 2);

    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.to, BILLING.email), sql`${outbox.subject} like 'Your tickets:%'`)).orderBy(sql`${outbox.id} desc`).limit(1);
    expect(mail!.subject).toBe("Your tickets: Rooftop Frequencies: Live Session");
    const attachments = mail!.attachments ?? [];
    expect(attachments.filter((a) => a.contentType === "image/png" && a.cid)).toHaveLength(2);
    const ics = attachments.find((a) => a.filename.endsWith(".ics"))!;
    const calendar = Buffer.from(ics.contentBase64, "base64").toString("utf8");
    expect(calendar).toContain("BEGIN:VEVENT");
    expect(calendar).toContain("SUMMARY:Rooftop Frequencies: Live Session");
    for (const x of issued) expect(mail!.text).toContain(x.code.match(/.{4}/g)!.join("-"));
  });

  it("an order of tickets only is delivered by their mail at once; with a tee it waits to be shipped", async () => {
    const { general } = await ticketTypes();
    const ticketsOnly = await purchase(t.checkout, await makeUser(t.db), [{ variantId: general.variantId, quantity: 2 }]);
    const delivered = (await findAdminOrder(t.db, ticketsOnly.orderId))!;
    expect(delivered.status).toBe("delivered");
    expect(delivered.history.map((h) => [h.toStatus, h.note])).toEqual([["pending", "Order placed"], ["processing", "Payment received"], ["delivered", TICKETS_SENT_NOTE]]);
    // The shopper's tracking timeline skips the shipping it never needed.
    expect(shipmentTimeline(delivered.status, delivered.history).map((s) => [s.status, s.state])).toEqual([["pending", "done"], ["processing", "done"], ["delivered", "current"]]);

    const { variants: [tee] } = await makeProduct(t.db, 3000, [{ stock: 5, size: "M" }]);
    const mixed = await purchase(t.checkout, await makeUser(t.db), [{ variantId: tee!.id, quantity: 1 }, { variantId: general.variantId, quantity: 1 }]);
    expect((await findAdminOrder(t.db, mixed.orderId))!.status).toBe("processing");
  });

  it("a cancelled order voids its tickets and puts the seats back on sale", async () => {
    const who = await admin();
    const { general } = await ticketTypes();
    const before = await available(general.variantId);
    // With a tee, so there is something to ship and the order can still be cancelled.
    const { variants: [tee] } = await makeProduct(t.db, 3000, [{ stock: 5, size: "M" }]);
    const receipt = await purchase(t.checkout, await makeUser(t.db), [{ variantId: tee!.id, quantity: 1 }, { variantId: general.variantId, quantity: 2 }]);
    expect(await available(general.variantId)).toBe(before - 2);
    await adminCancelOrder(adminDeps(), who.actor, receipt.orderId);
    expect((await ticketsOfOrder(t.db, receipt.orderId)).map((x) => x.status)).toEqual(["void", "void"]);
    expect(await available(general.variantId)).toBe(before);
  });

  it("a refund of one ticket voids one and puts its seat back, even unasked to restock", async () => {
    const who = await admin();
    const { vip } = await ticketTypes();
    const before = await available(vip.variantId);
    // Tickets only: delivered by mail at once, so refunded (not cancelled) from there.
    const receipt = await purchase(t.checkout, await makeUser(t.db), [{ variantId: vip.variantId, quantity: 2 }]);
    const lineId = (await findAdminOrder(t.db, receipt.orderId))!.lines[0]!.id;
    const form = parseRefundForm({ key: newToken(), mode: "lines", [`qty_${lineId}`]: "1" });
    if (!form.success) throw new Error(form.error.message);
    await requestOrderRefund(adminDeps(), who.actor, receipt.orderId, form.data);
    expect((await ticketsOfOrder(t.db, receipt.orderId)).map((x) => x.status).sort()).toEqual(["valid", "void"]);
    expect(await available(vip.variantId)).toBe(before - 1);
  });

  it("the ticket types' seats, left and sold, never add up to more than the event holds", async () => {
    const who = await admin();
    const event = await eventWithSeats(10, who.events);
    const general = event.ticketTypes[0]!;
    // Full already: another type, or more General seats, would go past the capacity of 10.
    await expect(addTicketType(t.db, who.events, event.id, { name: "VIP", price: 5000, seats: 1 })).rejects.toMatchObject({
      code: "events.over_capacity",
      details: { field: "seats" },
    });
    await purchase(t.checkout, await makeUser(t.db), [{ variantId: general.variantId, quantity: 4 }]);
    // 4 sold, 6 left: offering 7 left would make 11.
    await expect(updateTicketType(t.db, who.events, event.id, general.variantId, { price: 2000, seats: 7 })).rejects.toMatchObject({ code: "events.over_capacity" });
    await updateTicketType(t.db, who.events, event.id, general.variantId, { price: 2000, seats: 2 });
    await addTicketType(t.db, who.events, event.id, { name: "VIP", price: 5000, seats: 4 });
    // The capacity cannot drop below the 10 seats the types now hold; raising it makes room.
    const local = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "America/New_York", dateStyle: "short", timeStyle: "short" }).format(d).replace(" ", "T");
    const form = {
      slug: event.slug, title: event.title, kind: "Live Session", timeLabel: "Doors", description: "A night on the roof with three DJs.",
      startsAt: local(event.startsAt), endsAt: local(event.endsAt), venue: "East 116th Street", image: "/images/event-june-15.svg",
      imageAlt: "A poster.", mode: "tickets" as const, partySizeLimit: 1, published: true,
    };
    await expect(updateEvent(t.db, who.events, event.id, { ...form, capacity: 9 })).rejects.toMatchObject({ code: "events.over_capacity", details: { field: "capacity" } });
    await updateEvent(t.db, who.events, event.id, { ...form, capacity: 12 });
    await addTicketType(t.db, who.events, event.id, { name: "Door", price: 3000, seats: 2 });
  });

  it("checks a ticket in once; a second use says when; void and unknown codes are refused", async () => {
    const who = await admin();
    const { general } = await ticketTypes();
    const receipt = await purchase(t.checkout, await makeUser(t.db), [{ variantId: general.variantId, quantity: 1 }]);
    const [ticket] = await ticketsOfOrder(t.db, receipt.orderId);
    const at = new Date("2026-06-16T00:42:00Z"); // 8:42 PM in New York
    const first = await checkInTicket(t.db, who.events, ticket!.code, at);
    expect(first).toMatchObject({ kind: "checked_in", typeName: "General" });
    const second = await checkInTicket(t.db, who.events, ticket!.code, new Date(at.getTime() + 60_000));
    expect(second.kind).toBe("already");
    expect(second.message).toBe("Already checked in at 8:42 PM on June 15.");
    expect((await checkInTicket(t.db, who.events, "AAAAAAAAAAAAAAAA")).kind).toBe("unknown");

    const { variants: [tee] } = await makeProduct(t.db, 3000, [{ stock: 5, size: "M" }]);
    const cancelled = await purchase(t.checkout, await makeUser(t.db), [{ variantId: tee!.id, quantity: 1 }, { variantId: general.variantId, quantity: 1 }]);
    await adminCancelOrder(adminDeps(), who.actor, cancelled.orderId);
    const [voided] = await ticketsOfOrder(t.db, cancelled.orderId);
    expect((await checkInTicket(t.db, who.events, voided!.code)).kind).toBe("void");
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, "ticket"), eq(auditLog.entityId, ticket!.code)));
    expect(audited.map((a) => a.action)).toEqual(["check_in", "check_in_refused"]);
  });

  it("two scanners reading one code at once let one person in", async () => {
    const who = await admin();
    const { general } = await ticketTypes();
    const receipt = await purchase(t.checkout, await makeUser(t.db), [{ variantId: general.variantId, quantity: 1 }]);
    const [ticket] = await ticketsOfOrder(t.db, receipt.orderId);
    const results = await Promise.all(Array.from({ length: 6 }, () => checkInTicket(t.db, who.events, ticket!.code)));
    expect(results.filter((r) => r.kind === "checked_in")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "already")).toHaveLength(5);
  });

  it("a past event cannot be bought: not added to a cart, and a cart holding it cannot check it out", async () => {
    const who = await admin();
    const event = await eventWithSeats(10, who.events);
    const variantId = event.ticketTypes[0]!.variantId;
    const shopper = await makeUser(t.db);
    const cartId = await createCartForUser(t.db, shopper.id);
    await addToCart(t.db, cartId, { variantId, quantity: 1 });
    // The event ends: the ticket product's sale ends with it.
    const past = new Date(Date.now() - 3_600_000);
    await t.db.update(events).set({ startsAt: new Date(past.getTime() - 3_600_000), endsAt: past }).where(eq(events.id, event.id));
    await t.db.update(products).set({ saleEndsAt: past }).where(eq(products.id, event.productId!));
    await expect(addToCart(t.db, cartId, { variantId, quantity: 1 })).rejects.toMatchObject({ code: "cart.variant_not_found" });
    await expect(placeOrder(t.checkout, { userId: shopper.id, cartId, idempotencyKey: newToken(), billing: BILLING, shipping: null, card: GOOD_CARD })).rejects.toMatchObject({ code: "checkout.empty_cart" });
    expect(await available(variantId)).toBe(10);
  });
});

describe.skipIf(!usingPostgres())("the last seats under contention (PostgreSQL)", () => {
  it("sells each of the last 3 seats once when 24 buyers pay at the same moment", async () => {
    const who = await admin();
    const event = await eventWithSeats(3, who.events);
    const variantId = event.ticketTypes[0]!.variantId;
    const buyers = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const user = await makeUser(t.db);
        const cartId = await createCartForUser(t.db, user.id);
        await addToCart(t.db, cartId, { variantId, quantity: 1 });
        return { user, cartId };
      }),
    );
    const results = await Promise.all(
      buyers.map((b) => placeOrder(t.checkout, { userId: b.user.id, cartId: b.cartId, idempotencyKey: newToken(), billing: BILLING, shipping: null, card: GOOD_CARD })),
    );
    expect(results.filter((r) => r.kind === "completed")).toHaveLength(3);
    expect(results.filter((r) => r.kind === "insufficient_stock")).toHaveLength(21);
    const issued = await t.db.select().from(tickets).where(eq(tickets.variantId, variantId));
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((x) => x.orderId)).size).toBe(3);
    const [v] = await t.db.select().from(variants).where(eq(variants.id, variantId));
    expect(v).toMatchObject({ onHand: 0, reserved: 0, available: 0 });
  });
});
if (!usingPostgres()) console.log("events.test.ts: the seat race is skipped: TEST_DATABASE_URL is not set (PGlite has one connection, so it cannot race).");

describe("RSVP", () => {
  async function rsvpEvent(capacity: number, partySizeLimit = 4) {
    const who = await admin();
    const slug = `paint-${newToken(4).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
    return createEvent(t.db, who.events, {
      slug, title: `Paint ${slug}`, kind: "Art Exhibition", timeLabel: "Opening Reception", description: "Canvases and live painting outside.",
      startsAt: "2099-07-20T18:00", endsAt: "2099-07-20T21:00", venue: "A gallery on East 116th Street", image: "/images/event-july-20.svg",
      imageAlt: "A poster.", capacity, mode: "rsvp", partySizeLimit, published: true,
    });
  }
  const deps = () => ({ db: t.db, jobs: t.checkout.jobs, baseUrl: TEST_BASE_URL });
  /** The token of the newest link of this kind mailed to the address. */
  async function linkToken(email: string, kind: "confirm" | "cancel") {
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(sql`${outbox.id} desc`);
    for (const m of mails) {
      const found = new RegExp(`/events/rsvp/${kind}\\?token=([A-Za-z0-9_-]{43})`).exec(m.text);
      if (found) return found[1]!;
    }
    throw new Error(`no ${kind} link mailed to ${email}`);
  }
  const statusOf = async (email: string, eventId: number) =>
    (await t.db.select({ s: rsvps.status }).from(rsvps).where(and(eq(rsvps.email, email), eq(rsvps.eventId, eventId))))[0]!.s;

  it("counts people against capacity, waitlists what does not fit and moves whole parties up in order on a cancel", async () => {
    const event = await rsvpEvent(5);
    const member = await makeUser(t.db);
    // Signed in with their own address: places at once, with the calendar file and a cancel link.
    expect(await submitRsvp(deps(), event.id, { name: "Member", email: member.email, partySize: 4 }, { userId: member.id, email: member.email })).toBe("confirmed");
    const confirmed = (await t.db.select().from(outbox).where(eq(outbox.to, member.email)))[0]!;
    expect(confirmed.subject).toContain("You're on the list");
    expect(confirmed.attachments?.some((a) => a.filename.endsWith(".ics"))).toBe(true);

    // Guests hold nothing until they confirm by mail.
    expect(await submitRsvp(deps(), event.id, { name: "Guest Two", email: "two@guest.test", partySize: 2 }, null)).toBe("pending");
    expect(await statusOf("two@guest.test", event.id)).toBe("pending");
    expect((await confirmRsvp(deps(), await linkToken("two@guest.test", "confirm"))).status).toBe("waitlisted"); // 1 place left
    expect(await submitRsvp(deps(), event.id, { name: "Guest One", email: "one@guest.test", partySize: 1 }, null)).toBe("pending");
    // One place is free, but a party waits ahead: the newcomer queues behind it.
    expect((await confirmRsvp(deps(), await linkToken("one@guest.test", "confirm"))).status).toBe("waitlisted");
    expect((await getEventBySlug(t.db, event.slug))!.placesTaken).toBe(4);

    const cancelled = await cancelRsvp(deps(), await linkToken(member.email, "cancel"));
    expect(cancelled.promoted).toBe(2);
    expect(await statusOf("two@guest.test", event.id)).toBe("confirmed");
    expect(await statusOf("one@guest.test", event.id)).toBe("confirmed");
    expect((await getEventBySlug(t.db, event.slug))!.placesTaken).toBe(3);
    const promotedMail = (await t.db.select().from(outbox).where(eq(outbox.to, "two@guest.test")).orderBy(sql`${outbox.id} desc`))[0]!;
    expect(promotedMail.subject).toContain("off the waitlist");
    // Cancelling again changes nothing.
    expect((await cancelRsvp(deps(), await linkToken(member.email, "cancel"))).promoted).toBe(0);
  });

  it("refuses a party over the limit, and RSVPs to a past event", async () => {
    const event = await rsvpEvent(50, 4);
    await expect(submitRsvp(deps(), event.id, { name: "Big", email: "big@guest.test", partySize: 5 }, null)).rejects.toMatchObject({ code: "events.party_too_large" });
    await t.db.update(events).set({ startsAt: new Date("2020-07-20T22:00:00Z"), endsAt: new Date("2020-07-21T01:00:00Z") }).where(eq(events.id, event.id));
    await expect(submitRsvp(deps(), event.id, { name: "Late", email: "late@guest.test", partySize: 1 }, null)).rejects.toMatchObject({ code: "events.past" });
  });
});
