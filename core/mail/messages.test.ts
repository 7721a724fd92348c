import { icuArguments } from "../../tests/icu-arguments.ts";
import { describe, expect, it } from "vitest";
import { SOLD_OUT_REFUNDED } from "../checkout/index.ts";
import { footerLine, MAIL_KINDS, type MailKind } from "./kinds.ts";
import { mailText, mailUrl } from "./intl.ts";
import en from "./messages/en.ts";
import es from "./messages/es.ts";
import { orderCancelledMail, orderConfirmationMail, orderShippedMail, paymentRefundedMail, resetPasswordMail } from "./templates.ts";

/** Words Spanish writes as English does. */
const SAME_IN_BOTH = new Set(["mail.order.subtotal", "mail.order.total"]);

describe("the mails' texts", () => {
  it("exist in Spanish for every English text, and no other", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it("are valid ICU messages taking the same values in both languages", () => {
    for (const [id, english] of Object.entries(en)) {
      const spanish = (es as Record<string, string>)[id]!;
      expect(icuArguments(spanish), id).toEqual(icuArguments(english));
    }
  });

  it("are translated: a Spanish text equal to its English one is a name or a number", () => {
    const same = Object.entries(en).filter(([id, english]) => (es as Record<string, string>)[id] === english && /[a-z]{3}/.test(english) && !SAME_IN_BOTH.has(id));
    expect(same.map(([id]) => id)).toEqual([]);
  });

  it("say in English, word for word, what MAIL_KINDS says: every kind's footer line", () => {
    for (const [kind, rule] of Object.entries(MAIL_KINDS) as [MailKind, (typeof MAIL_KINDS)[MailKind]][]) {
      const line = footerLine(kind, "en");
      if (rule.gate === "always") expect(line, kind).toBe(rule.because);
      else if (rule.gate === "switch") expect(line, kind).toBe(`You get this email because "${rule.label}" is on in your account's Settings; turn it off there to stop these emails.`);
      else expect(line, kind).toBeNull();
      if (line) expect(footerLine(kind, "es"), kind).toMatch(/^Recibes este correo porque /);
    }
  });

  it("translate the checkout's refund reason by its English wording", () => {
    expect(mailText(SOLD_OUT_REFUNDED, "en")).toBe(SOLD_OUT_REFUNDED);
    expect(mailText(SOLD_OUT_REFUNDED, "es")).toMatch(/^Tu pago llegó/);
    expect(mailText("A reason nobody wrote down", "es")).toBe("A reason nobody wrote down");
  });
});

describe("a mail in Spanish", () => {
  const receipt = {
    orderId: "ord_1",
    orderNumber: 100001,
    customerEmail: "rosa@example.test",
    customerName: "Rosa",
    lines: [{ name: "Harlem Classic Tee", size: "M", color: "Black", unitPriceCents: 3500, quantity: 2 }],
    subtotalCents: 7000,
    taxCents: 560,
    shippingCents: 0,
    totalCents: 7560,
  };

  it("has its subject, body, dates, links and footer in Spanish, money as in the US", () => {
    const mail = orderConfirmationMail(receipt, { track: true, shipping: "not_shipped" }, "https://store.test", "es");
    expect(mail.subject).toBe("Tu pedido de East Harlem EH-100001");
    expect(mail.text).toContain("¡Hola, Rosa!");
    expect(mail.text).toContain("2 x Harlem Classic Tee (M / Negro): $70.00");
    expect(mail.text).toContain("Envío: Gratis");
    expect(mail.text).toContain("Sigue tu pedido: https://store.test/es/orders/ord_1");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("O abre este enlace: https://store.test/es/orders/ord_1");
    expect(mail.html).toContain("East Harlem — Cultura hip hop en East Harlem");
    expect(mail.locale).toBe("es");
  });

  it("keeps the English mail word for word", () => {
    const mail = orderConfirmationMail(receipt, { track: true, shipping: "not_shipped" }, "https://store.test", "en");
    expect(mail.subject).toBe("Your East Harlem order EH-100001");
    expect(mail.text).toBe(
      "Hi Rosa,\n\nThank you for your order EH-100001. We have your payment and are getting it ready.\n\n2 x Harlem Classic Tee (M / Black): $70.00\n\nSubtotal: $70.00\nTax (8%): $5.60\nShipping: Free\nTotal: $75.60\n\nFollow your order: https://store.test/orders/ord_1\nOnce it ships, follow the package: https://store.test/orders/ord_1/track\n\n— East Harlem",
    );
    const shipped = orderShippedMail({ orderId: "ord_1", userId: "u", orderNumber: 100001, customerEmail: "rosa@example.test", customerName: "", actions: { track: true, shipping: "shipped" } }, { carrier: "UPS", trackingNumber: "1Z" }, "https://store.test", "en");
    expect(shipped.text).toBe("Hi rosa@example.test,\n\nYour order EH-100001 is on its way with UPS.\n\nTracking number: 1Z\n\nFollow your order: https://store.test/orders/ord_1/track\n\n— East Harlem");
    expect(resetPasswordMail("a@b.test", "https://store.test/api/auth/reset-password/t", "https://store.test", "en").text).toContain("If it was not you, ignore this mail: your password stays as it is.");
  });

  it("follows what the order offers: tickets only come by email, with no package to track", () => {
    const tickets = orderConfirmationMail(receipt, { track: false, shipping: "nothing_to_ship" }, "https://store.test", "en");
    expect(tickets.text).toContain("your tickets come in their own mail, with nothing to ship.");
    expect(tickets.text).not.toContain("getting it ready");
    expect(tickets.text).not.toContain("/track");
    const order = { orderId: "ord_1", userId: "u", orderNumber: 100001, customerEmail: "rosa@example.test", customerName: "Rosa" };
    expect(orderCancelledMail({ ...order, actions: { track: false, shipping: "nothing_to_ship" } }, 5000, "https://store.test", "en").text).toContain("Your order EH-100001 was cancelled; its tickets no longer let anyone in.");
    expect(orderCancelledMail({ ...order, actions: { track: true, shipping: "not_shipped" } }, 5000, "https://store.test", "es").text).toContain("Tu pedido EH-100001 se canceló antes de enviarse.");
  });

  it("says why the money went back in Spanish", () => {
    const mail = paymentRefundedMail({ to: "rosa@example.test", name: "Rosa", totalCents: 7560, lines: receipt.lines, reason: SOLD_OUT_REFUNDED }, "https://store.test", "es");
    expect(mail.text).toContain("Te reembolsamos $75.60 a la tarjeta con la que pagaste.");
    expect(mail.text).toContain("Tu pago llegó después de que venció tu reserva");
    expect(mail.text).toContain("Volver a la tienda: https://store.test/es/shop");
  });

  it("links to the page in its language", () => {
    expect(mailUrl("https://store.test", "/newsletter/confirm?token=abc", "es")).toBe("https://store.test/es/newsletter/confirm?token=abc");
    expect(mailUrl("https://store.test", "/", "es")).toBe("https://store.test/es");
    expect(mailUrl("https://store.test", "/orders/1", "en")).toBe("https://store.test/orders/1");
  });
});
