import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, updatePreferences } from "../core/accounts/index.ts";
import { adminMarkDelivered, adminShipOrder, type AdminActor, type AdminOrderDeps } from "../core/admin/index.ts";
import type { CheckoutDeps } from "../core/checkout/index.ts";
import { MAIL_KINDS, queueMail, resetPasswordMail, type Mail } from "../core/mail/index.ts";
import type { Db } from "../db/client.ts";
import { outbox, type Preferences } from "../db/schema/index.ts";
import type { TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { adminOrderTestDatabase, BILLING, purchase } from "./purchase.ts";

// Every mail the store sends obeys the recipient's Settings switches, through one table (MAIL_KINDS):
// what a shopper notices is which mails reach their inbox, and the line at the bottom saying why.

let database: TestDatabase;
let db: Db;
let checkout: CheckoutDeps;
let deps: AdminOrderDeps;
let actor: AdminActor;

beforeAll(async () => {
  ({ database, db, checkout, deps, actor } = await adminOrderTestDatabase());
});
afterAll(() => database?.destroy());

const withEmailSwitches = (email: Partial<Preferences["notifications"]["email"]>): Preferences => ({
  ...DEFAULT_PREFERENCES,
  notifications: { ...DEFAULT_PREFERENCES.notifications, email: { ...DEFAULT_PREFERENCES.notifications.email, ...email } },
});
const inbox = async (to: string) => db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
const about = async (orderNumber: number) => (await inbox(BILLING.email)).filter((m) => m.subject.includes(`EH-${orderNumber}`));

describe("order updates follow the shopper's switch", () => {
  it("a shopper who turned order updates off gets the receipt but no shipping mail, and the delivery mail once back on", async () => {
    const shopper = await makeUser(db);
    await updatePreferences(db, shopper.id, withEmailSwitches({ orderUpdates: false }));
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 5 }]);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 1 }]);

    await adminShipOrder(deps, actor, receipt.orderId, { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    const afterShipping = await about(receipt.orderNumber);
    expect(afterShipping.map((m) => m.subject)).toEqual([`Your East Harlem order EH-${receipt.orderNumber}`]);
    // The receipt says why it came although the shopper's switches are off.
    const because = "You get this email because you placed an order; it is sent whatever your notification settings say.";
    expect(afterShipping[0]!.text).toContain(because);
    expect(afterShipping[0]!.html).toContain(because);

    await updatePreferences(db, shopper.id, withEmailSwitches({ orderUpdates: true }));
    await adminMarkDelivered(deps, actor, receipt.orderId);
    const delivered = (await about(receipt.orderNumber)).at(-1)!;
    expect(delivered.subject).toBe(`Your East Harlem order EH-${receipt.orderNumber} was delivered`);
    expect(delivered.text).toContain(`You get this email because "Order updates" is on in your account's Settings; turn it off there to stop these emails.`);
  });
});

describe("mails that go whatever the switches say", () => {
  it("a password reset reaches a shopper who turned every switch off, and says why", async () => {
    const shopper = await makeUser(db);
    await updatePreferences(db, shopper.id, withEmailSwitches({ orderUpdates: false, promotions: false, newsletter: false, restockAlerts: false }));
    const id = await queueMail(db, database.jobs, resetPasswordMail(shopper.email, `${TEST_BASE_URL}/reset-password?token=abc`, TEST_BASE_URL, "en"));
    expect(id).not.toBeNull();
    const [mail] = await inbox(shopper.email);
    expect(mail!.text).toContain("You get this email because someone asked to reset the password of the East Harlem account with this address; it is sent whatever your notification settings say.");
  });

  it("every kind of mail names its switch or the reason it ignores them", () => {
    for (const [kind, rule] of Object.entries(MAIL_KINDS)) {
      if (rule.gate === "always") expect(rule.because, kind).toMatch(/^You get this email because .+; it is sent whatever your notification settings say\.$/);
      else expect(Object.keys(DEFAULT_PREFERENCES.notifications.email), kind).toContain(rule.switch);
    }
  });
});

describe("restock alerts and promotions (sent by features to come) are held back by their switches", () => {
  const alert = (to: string, userId?: string): Mail => ({ kind: "restock_alert", to, userId, subject: "Back in stock: Harlem Classic Tee", text: "It is back.", html: "<p>It is back.</p>" });

  it("follow the account's switch, and the default (off) for an address without an account", async () => {
    const on = await makeUser(db);
    const off = await makeUser(db);
    await updatePreferences(db, on.id, withEmailSwitches({ restockAlerts: true, promotions: true }));
    await updatePreferences(db, off.id, withEmailSwitches({ restockAlerts: false, promotions: false }));

    expect(await queueMail(db, database.jobs, alert(on.email))).not.toBeNull();
    expect(await queueMail(db, database.jobs, alert(off.email))).toBeNull();
    expect(await queueMail(db, database.jobs, alert("nobody-here@example.test"))).toBeNull();
    // The account named decides, whatever address the mail goes to.
    expect(await queueMail(db, database.jobs, alert("another-address@example.test", on.id))).not.toBeNull();
    expect(await queueMail(db, database.jobs, { ...alert(on.email), kind: "promotion" })).not.toBeNull();
    expect(await queueMail(db, database.jobs, { ...alert(off.email), kind: "promotion" })).toBeNull();

    const received = await inbox(on.email);
    expect(received).toHaveLength(2);
    expect(received[0]!.text).toContain(`"Restock alerts" is on in your account's Settings`);
    expect(await inbox(off.email)).toHaveLength(0);
  });
});
