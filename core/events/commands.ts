/** Tickets: issued with the paid order, voided with its cancellation or refund, checked in once at the door. */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, products, tickets, variants } from "../../db/schema/index.ts";
import { mailUrl, queueMail, recipientLocale } from "../mail/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { ticketsMail, type IssuedTicket } from "./mail.ts";
import { inLanguage, ticketTypeNames } from "./queries.ts";
import { checkInMessage } from "./rules.ts";

/**
 * Who makes a back-office change to events, and how it goes into the audit log: the route passes the admin
 * module's recorder (this module cannot import the admin module, which itself calls into events).
 */
export interface EventActor {
  id: string;
  email: string;
  audit: (tx: Db, entry: { entity: string; entityId: string | number; action: string; before?: unknown; after?: unknown }) => Promise<void>;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** 16 characters of base32 from 80 random bits: unguessable, and easy to read out or type at the door. */
export function newTicketCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export interface IssueDeps {
  jobs: JobQueue;
  baseUrl: string;
}

export interface PaidOrderForTickets {
  id: string;
  /** The order's account: the tickets mail speaks its language. */
  userId: string;
  number: number;
  customerEmail: string;
  customerName: string;
}

/**
 * Issues one ticket per seat bought in a paid order and queues one tickets mail per event, inside the
 * transaction that creates the order (so a paid order never lacks its tickets, and a rolled-back one has
 * none). Lines that are not tickets are ignored. Returns how many tickets were issued.
 */
export async function issueTicketsForOrder(
  tx: Db,
  deps: IssueDeps,
  order: PaidOrderForTickets,
  lines: readonly { variantId: number; quantity: number }[],
): Promise<number> {
  const ids = lines.map((l) => l.variantId);
  if (ids.length === 0) return 0;
  const ticketLines = await tx
    .select({ variantId: variants.id, typeName: variants.size, event: events })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(events, eq(events.productId, products.id))
    .where(and(inArray(variants.id, ids), eq(products.kind, "ticket")))
    .orderBy(asc(variants.id));
  if (ticketLines.length === 0) return 0;
  const byEvent = new Map<number, { event: typeof events.$inferSelect; issued: (IssuedTicket & { variantId: number })[] }>();
  let count = 0;
  for (const t of ticketLines) {
    const quantity = lines.filter((l) => l.variantId === t.variantId).reduce((n, l) => n + l.quantity, 0);
    const typeName = t.typeName ?? "General";
    const rows = Array.from({ length: quantity }, () => ({ code: newTicketCode(), eventId: t.event.id, orderId: order.id, variantId: t.variantId, typeName }));
    if (rows.length === 0) continue;
    await tx.insert(tickets).values(rows);
    count += rows.length;
    const entry = byEvent.get(t.event.id) ?? { event: t.event, issued: [] };
    entry.issued.push(...rows.map((r) => ({ code: r.code, typeName, variantId: t.variantId })));
    byEvent.set(t.event.id, entry);
  }
  const label = `EH-${order.number}`;
  const locale = await recipientLocale(tx, { userId: order.userId, email: order.customerEmail });
  // The mail names the event and the ticket types in the recipient's language (the tickets keep the English type name).
  const namesInLocale = await ticketTypeNames(tx, ticketLines.map((t) => t.variantId), locale);
  for (const { event, issued } of byEvent.values()) {
    const orderUrl = mailUrl(deps.baseUrl, `/orders/${order.id}`, locale);
    const shown = issued.map((i) => ({ code: i.code, typeName: namesInLocale.get(i.variantId) ?? i.typeName }));
    const mail = await ticketsMail({ email: order.customerEmail, name: order.customerName }, await inLanguage(tx, event, locale), label, orderUrl, shown, deps.baseUrl, locale);
    await queueMail(tx, deps.jobs, mail);
  }
  return count;
}

/** Voids every ticket of a cancelled order (their seats go back with the order's stock). Returns how many. */
export async function voidOrderTickets(tx: Db, orderId: string, now = new Date()): Promise<number> {
  const voided = await tx
    .update(tickets)
    .set({ status: "void", voidedAt: now })
    .where(and(eq(tickets.orderId, orderId), eq(tickets.status, "valid")))
    .returning({ id: tickets.id });
  return voided.length;
}

/**
 * Voids the tickets of refunded lines: per ticket type, that many valid tickets of the order (those not yet
 * used first). Answers the variants that are ticket types, whose seats the refund must put back.
 */
export async function voidRefundedTickets(tx: Db, orderId: string, refunded: readonly { variantId: number; quantity: number }[], now = new Date()): Promise<Set<number>> {
  const ticketVariants = new Set<number>();
  for (const line of refunded) {
    const held = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.orderId, orderId), eq(tickets.variantId, line.variantId), eq(tickets.status, "valid")))
      .orderBy(sql`${tickets.checkedInAt} is not null`, asc(tickets.id))
      .limit(line.quantity)
      .for("update");
    const [kind] = await tx
      .select({ kind: products.kind })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(variants.id, line.variantId));
    if (kind?.kind === "ticket") ticketVariants.add(line.variantId);
    if (held.length === 0) continue;
    await tx
      .update(tickets)
      .set({ status: "void", voidedAt: now })
      .where(inArray(tickets.id, held.map((h) => h.id)));
  }
  return ticketVariants;
}

export type CheckInResult =
  | { kind: "checked_in"; code: string; typeName: string; eventTitle: string; at: Date; message: string }
  | { kind: "already"; code: string; typeName: string; eventTitle: string; at: Date; message: string }
  | { kind: "void"; code: string; message: string }
  | { kind: "unknown"; code: string; message: string };

/**
 * Checks a ticket in at the door. One atomic conditional update (valid and not yet checked in) decides, so
 * two scanners reading the same code at once let exactly one person in; the other is told when it was used.
 * Every attempt that finds a ticket is audited.
 */
export async function checkInTicket(db: Db, actor: EventActor, code: string, now = new Date()): Promise<CheckInResult> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(tickets)
      .set({ checkedInAt: now, checkedInBy: actor.email })
      .where(and(eq(tickets.code, code), eq(tickets.status, "valid"), isNull(tickets.checkedInAt)))
      .returning({ id: tickets.id, typeName: tickets.typeName, eventId: tickets.eventId });
    if (updated) {
      const [event] = await tx.select({ title: events.title }).from(events).where(eq(events.id, updated.eventId));
      await actor.audit(tx, { entity: "ticket", entityId: code, action: "check_in", after: { checkedInAt: now.toISOString(), eventId: updated.eventId } });
      const eventTitle = event?.title ?? "";
      return { kind: "checked_in", code, typeName: updated.typeName, eventTitle, at: now, message: checkInMessage({ kind: "checked_in", typeName: updated.typeName, eventTitle }) };
    }
    const [found] = await tx
      .select({ status: tickets.status, checkedInAt: tickets.checkedInAt, typeName: tickets.typeName, eventTitle: events.title })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(eq(tickets.code, code));
    if (!found) return { kind: "unknown", code, message: checkInMessage({ kind: "unknown" }) };
    if (found.status === "void") {
      await actor.audit(tx, { entity: "ticket", entityId: code, action: "check_in_refused", after: { reason: "void" } });
      return { kind: "void", code, message: checkInMessage({ kind: "void" }) };
    }
    await actor.audit(tx, { entity: "ticket", entityId: code, action: "check_in_refused", after: { reason: "already", checkedInAt: found.checkedInAt } });
    return {
      kind: "already",
      code,
      typeName: found.typeName,
      eventTitle: found.eventTitle,
      at: found.checkedInAt!,
      message: checkInMessage({ kind: "already", at: found.checkedInAt }),
    };
  });
}
