import { describe, expect, it } from "vitest";
import { MAIL_BANNER, mailPage } from "./layout.ts";
import { orderShippedMail, resetPasswordMail } from "./templates.ts";

describe("the mails' look", () => {
  it("puts the label's banner on top, from the store's own address", () => {
    const html = mailPage({ baseUrl: "https://shop.example/", title: "Hello", bodyHtml: "<p>Hi</p>" });
    const img = /<img src="([^"]+)" width="(\d+)" height="(\d+)" alt="EAST HARLEM"/.exec(html);
    expect(img?.[1]).toBe(`https://shop.example${MAIL_BANNER.path}`);
    expect(Number(img?.[2])).toBe(MAIL_BANNER.width);
    expect(html.indexOf("<img")).toBeLessThan(html.indexOf("<h1"));
  });

  it("every template carries it", () => {
    const base = "https://shop.example";
    const mails = [
      resetPasswordMail("a@b.test", `${base}/reset`, base),
      orderShippedMail({ orderId: "o1", userId: "u1", orderNumber: 1001, customerEmail: "a@b.test", customerName: "A" }, { carrier: "UPS", trackingNumber: "1Z" }, base),
    ];
    for (const mail of mails) expect(mail.html).toContain(`<img src="${base}${MAIL_BANNER.path}"`);
  });
});
