/** RSVPs to free events: places counted in people, a waitlist that moves up in order, guests confirm by mail. */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, rsvps } from "../../db/schema/index.ts";
import { mailUrl, queueMail, recipientLocale } from "../mail/index.ts";
import { newToken } from "../shared/ids.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { EventError, eventNotFound, eventPast, eventsText } from "./errors.ts";
import type { RsvpForm } from "./inputs.ts";
import { rsvpConfirmedMail, rsvpConfirmMail, rsvpWaitlistedMail } from "./mail.ts";
import { inLanguage, placesTaken } from "./queries.ts";
import { isPast, partiesToPromote } from "./rules.ts";

export interface RsvpDeps {
  db: Db;
  jobs: JobQueue;
  baseUrl: string;
  now?: () => Date;
}

type EventRow = typeof events.$inferSelect;
type RsvpRow = typeof rsvps.$inferSelect;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const confirmUrl = (deps: RsvpDeps, token: string, locale: Locale) => mailUrl(deps.baseUrl, `/events/rsvp/confirm?token=${encodeURIComponent(token)}`, locale);
const cancelUrl = (deps: RsvpDeps, token: string, locale: Locale) => mailUrl(deps.baseUrl, `/events/rsvp/cancel?token=${encodeURIComponent(token)}`, locale);

/** The language of a party's mails: their account's, else the page's they RSVP'd on. */
const partyLocale = (tx: Db, rsvp: Pick<RsvpRow, "userId" | "email" | "language">) => recipientLocale(tx, { userId: rsvp.userId, email: rsvp.email, pageLocale: rsvp.language });

/** Locks the event row: every change of who holds places at one event queues here, so capacity is never overrun. */
async function lockEvent(tx: Db, eventId: number): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!event) throw eventNotFound();
  return event;
}

async function hasWaitlist(tx: Db, eventId: number): Promise<boolean> {
  const [row] = await tx.select({ id: rsvps.id }).from(rsvps).where(and(eq(rsvps.eventId, eventId), eq(rsvps.status, "waitlisted"))).limit(1);
  return Boolean(row);
}

/** Gives a confirmed-by-its-owner RSVP places if they fit (and nobody waits ahead), else a waitlist spot; mails the outcome. */
async function place(tx: Db, deps: RsvpDeps, event: EventRow, rsvp: RsvpRow, token: string, now: Date): Promise<"confirmed" | "waitlisted"> {
  const free = event.capacity - (await placesTaken(tx, event.id));
  const fits = rsvp.partySize <= free && !(await hasWaitlist(tx, event.id));
  const status = fits ? "confirmed" : "waitlisted";
  await tx.update(rsvps).set({ status, queuedAt: now, confirmedAt: fits ? now : null }).where(eq(rsvps.id, rsvp.id));
  const to = { email: rsvp.email, name: rsvp.name };
  const locale = await partyLocale(tx, rsvp);
  const shown = await inLanguage(tx, event, locale);
  const mail = fits
    ? rsvpConfirmedMail(to, shown, rsvp.partySize, cancelUrl(deps, token, locale), deps.baseUrl, locale)
    : rsvpWaitlistedMail(to, shown, rsvp.partySize, cancelUrl(deps, token, locale), deps.baseUrl, locale);
  await queueMail(tx, deps.jobs, mail);
  return status;
}

export type RsvpOutcome = "pending" | "confirmed" | "waitlisted";

/**
 * Takes an RSVP. A signed-in visitor answering with their account's email holds places at once (or joins
 * the waitlist); anyone else gets a mail with a link to confirm, and holds nothing until then. `language`
 * is the page's: a guest's mails are written in it.
 */
export async function submitRsvp(
  deps: RsvpDeps,
  eventId: number,
  form: RsvpForm,
  account: { userId: string; email: string } | null,
  language: Locale = DEFAULT_LOCALE,
): Promise<RsvpOutcome> {
  return (await takeRsvp(deps, eventId, form, account, language)).outcome;
}

/** submitRsvp, answering also the RSVP's id (the app's API lists and cancels RSVPs by id). */
export async function takeRsvp(
  deps: RsvpDeps,
  eventId: number,
  form: RsvpForm,
  account: { userId: string; email: string } | null,
  language: Locale = DEFAULT_LOCALE,
): Promise<{ id: number; outcome: RsvpOutcome }> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.mode !== "rsvp" || !event.published) throw new EventError("events.not_rsvp", eventsText("events.error.notRsvp"));
    if (isPast(event, now)) throw eventPast();
    if (form.partySize > event.partySizeLimit) {
      throw new EventError("events.party_too_large", eventsText("events.error.partyTooLarge", { count: event.partySizeLimit }), { field: "partySize" });
    }
    const token = newToken();
    const known = account !== null && account.email.toLowerCase() === form.email;
    const [rsvp] = await tx
      .insert(rsvps)
      .values({ eventId, userId: known ? account.userId : null, name: form.name, email: form.email, partySize: form.partySize, status: "pending", language, tokenHash: hashToken(token) })
      .returning();
    if (known) return { id: rsvp!.id, outcome: await place(tx, deps, event, rsvp!, token, now) };
    const locale = await partyLocale(tx, rsvp!);
    const shown = await inLanguage(tx, event, locale);
    await queueMail(tx, deps.jobs, rsvpConfirmMail({ email: form.email, name: form.name }, shown, form.partySize, confirmUrl(deps, token, locale), deps.baseUrl, locale));
    return { id: rsvp!.id, outcome: "pending" as const };
  });
}

async function byToken(tx: Db, token: string): Promise<RsvpRow> {
  const [row] = await tx.select().from(rsvps).where(eq(rsvps.tokenHash, hashToken(token)));
  if (!row) throw new EventError("events.rsvp_not_found", eventsText("events.error.rsvpNotFound"));
  return row;
}

export interface RsvpLinkResult {
  status: "confirmed" | "waitlisted" | "cancelled";
  eventSlug: string;
  eventTitle: string;
  partySize: number;
}

/**
 * The link in the guest's mail: a pending RSVP gets places or a waitlist spot. Opening it again changes nothing.
 * `locale` is the language of the page that shows the result (the event's title is given in it).
 */
export async function confirmRsvp(deps: RsvpDeps, token: string, locale: Locale = DEFAULT_LOCALE): Promise<RsvpLinkResult> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const found = await byToken(tx, token);
    const event = await lockEvent(tx, found.eventId);
    const [rsvp] = await tx.select().from(rsvps).where(eq(rsvps.id, found.id));
    let status: RsvpLinkResult["status"];
    if (rsvp!.status === "pending") {
      if (isPast(event, now)) throw eventPast();
      status = await place(tx, deps, event, rsvp!, token, now);
    } else status = rsvp!.status;
    return { status, eventSlug: event.slug, eventTitle: (await inLanguage(tx, event, locale)).title, partySize: rsvp!.partySize };
  });
}

/**
 * The cancel link: frees the party's places and moves the waitlist up (whole parties that fit, in the order
 * they joined), mailing each one promoted. Cancelling again changes nothing. `locale` is the result page's.
 */
export async function cancelRsvp(deps: RsvpDeps, token: string, locale: Locale = DEFAULT_LOCALE): Promise<RsvpLinkResult & { promoted: number }> {
  return deps.db.transaction(async (tx) => cancelFound(tx, deps, await byToken(tx, token), locale));
}

/**
 * A signed-in account cancels one of its own RSVPs (the app's API), as the cancel link does. Another
 * account's RSVP, or one made as a guest, is not found.
 */
export async function cancelOwnRsvp(deps: RsvpDeps, userId: string, rsvpId: number, locale: Locale = DEFAULT_LOCALE): Promise<RsvpLinkResult & { promoted: number }> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(rsvps).where(and(eq(rsvps.id, rsvpId), eq(rsvps.userId, userId)));
    if (!found) throw new EventError("events.rsvp_not_found", eventsText("events.error.ownRsvpNotFound"));
    return cancelFound(tx, deps, found, locale);
  });
}

/** Frees a party's places under the event's lock and moves the waitlist up; cancelling again changes nothing. */
async function cancelFound(tx: Db, deps: RsvpDeps, found: RsvpRow, locale: Locale): Promise<RsvpLinkResult & { promoted: number }> {
  const now = deps.now?.() ?? new Date();
  const event = await lockEvent(tx, found.eventId);
  const [rsvp] = await tx.select().from(rsvps).where(eq(rsvps.id, found.id));
  const result = { status: "cancelled" as const, eventSlug: event.slug, eventTitle: (await inLanguage(tx, event, locale)).title, partySize: rsvp!.partySize };
  if (rsvp!.status === "cancelled") return { ...result, promoted: 0 };
  await tx.update(rsvps).set({ status: "cancelled", cancelledAt: now }).where(eq(rsvps.id, rsvp!.id));
  const promoted = await promoteWaitlist(tx, deps, event);
  return { ...result, promoted };
}

/** Moves up the waitlisted parties that now fit; the caller holds the event's lock. */
async function promoteWaitlist(tx: Db, deps: RsvpDeps, event: EventRow): Promise<number> {
  const free = event.capacity - (await placesTaken(tx, event.id));
  if (free <= 0) return 0;
  const waiting = await tx
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, event.id), eq(rsvps.status, "waitlisted")))
    .orderBy(asc(rsvps.queuedAt), asc(rsvps.id));
  const ids = partiesToPromote(waiting, free);
  if (ids.length === 0) return 0;
  const now = deps.now?.() ?? new Date();
  await tx.update(rsvps).set({ status: "confirmed", confirmedAt: now }).where(inArray(rsvps.id, ids));
  for (const party of waiting.filter((w) => ids.includes(w.id))) {
    // Only a hash of the token is kept, so the promotion mail carries a fresh one; the waitlist mail's link stops working.
    const token = newToken();
    await tx.update(rsvps).set({ tokenHash: hashToken(token) }).where(eq(rsvps.id, party.id));
    const locale = await partyLocale(tx, party);
    const shown = await inLanguage(tx, event, locale);
    await queueMail(tx, deps.jobs, rsvpConfirmedMail({ email: party.email, name: party.name }, shown, party.partySize, cancelUrl(deps, token, locale), deps.baseUrl, locale, true));
  }
  return ids.length;
}
