import { describe, expect, it } from "vitest";
import { MAIL_BANNER, mailButton, mailPage } from "./layout.ts";
import { orderShippedMail, resetPasswordMail } from "./templates.ts";

describe("the mails' look", () => {
  it("puts the label's banner on top, from the store's own address", () => {
    const html = mailPage({ locale: "en", baseUrl: "https://shop.example/", title: "Hello", bodyHtml: "<p>Hi</p>" });
    const img = /<img src="([^"]+)" width="(\d+)" height="(\d+)" alt="EAST HARLEM"/.exec(html);
    expect(img?.[1]).toBe(`https://shop.example${MAIL_BANNER.path}`);
    expect(Number(img?.[2])).toBe(MAIL_BANNER.width);
    expect(html.indexOf("<img")).toBeLessThan(html.indexOf("<h1"));
  });

  it("every template carries it, in either language", () => {
    const base = "https://shop.example";
    const order = { orderId: "o1", userId: "u1", orderNumber: 1001, customerEmail: "a@b.test", customerName: "A", actions: { track: true, shipping: "shipped" as const } };
    const mails = [
      resetPasswordMail("a@b.test", `${base}/reset`, base, "en"),
      resetPasswordMail("a@b.test", `${base}/reset`, base, "es"),
      orderShippedMail(order, { carrier: "UPS", trackingNumber: "1Z" }, base, "en"),
      orderShippedMail(order, { carrier: "UPS", trackingNumber: "1Z" }, base, "es"),
    ];
    for (const mail of mails) expect(mail.html).toContain(`<img src="${base}${MAIL_BANNER.path}"`);
  });

  it("writes its own texts in the mail's language, banner and all", () => {
    const html = mailPage({ locale: "es", baseUrl: "https://shop.example", title: "Hola", bodyHtml: mailButton("Ver", "https://shop.example/es/orders/o1", "es") });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('alt="EAST HARLEM"');
    expect(html).toContain("O abre este enlace: https://shop.example/es/orders/o1");
    expect(html).toContain("East Harlem — Cultura hip hop en East Harlem");
    expect(html).not.toContain("Or open this link");
  });
});
