import { describe, expect, it } from "vitest";
import { campaignSchema, subscribeSchema } from "./inputs.ts";
import { bodyHtml, bodyText, campaignWords, inlineParts, parseBody, preferenceFor } from "./rules.ts";
import { englishFirst } from "../../tests/field-words.ts";
import { NEWSLETTER_MESSAGES } from "../../tests/messages.ts";
import { english as inEnglish } from "../../tests/words.ts";
import { issueText } from "../shared/field-text.ts";

describe("the newsletter's markdown-lite", () => {
  it("reads paragraphs, lists and headings", () => {
    expect(parseBody("# Drop day\n\nNew tees\nthis Friday.\n\n- Black\n- White\nSee you there")).toEqual([
      { kind: "heading", text: "Drop day" },
      { kind: "paragraph", text: "New tees this Friday." },
      { kind: "list", items: ["Black", "White"] },
      { kind: "paragraph", text: "See you there" },
    ]);
  });

  it("finds bold spans and bare links, leaving trailing punctuation out of a link", () => {
    expect(inlineParts("**Free** tees at https://east-harlem.test/shop.")).toEqual([
      { kind: "bold", text: "Free" },
      { kind: "text", text: " tees at " },
      { kind: "link", url: "https://east-harlem.test/shop" },
      { kind: "text", text: "." },
    ]);
  });

  it("escapes everything the author typed and makes only its own markup", () => {
    const html = bodyHtml('<b onclick="x">hi</b> **a<i>** javascript:alert(1) "q"');
    expect(html).toBe('<p style="margin:0 0 16px">&lt;b onclick=&quot;x&quot;&gt;hi&lt;/b&gt; <strong>a&lt;i&gt;</strong> javascript:alert(1) &quot;q&quot;</p>');
  });

  it("gives a plain-text part without the marks", () => {
    expect(bodyText("# Hey\n\n**Bold** move\n\n- one")).toBe("HEY\n\nBold move\n\n- one");
  });
});

describe("subscribe form", () => {
  it("keeps addresses trimmed and in lower case, and refuses a bad one with the spec's message", () => {
    expect(subscribeSchema.parse({ email: "  Fan@East-Harlem.TEST ", source: "shop" })).toEqual({ email: "fan@east-harlem.test", source: "shop" });
    expect(englishFirst(subscribeSchema.safeParse({ email: "nope" }).error!)).toBe("Please enter a valid email address.");
    expect(englishFirst(subscribeSchema.safeParse({ email: "   " }).error!)).toBe("Please enter your email address.");
    expect(subscribeSchema.parse({ email: "a@b.co", source: "elsewhere" }).source).toBe("page");
  });
});

describe("an account's switch", () => {
  it("is on while the address is subscribed or waiting for its confirmation", () => {
    expect([preferenceFor("confirmed"), preferenceFor("pending"), preferenceFor("unsubscribed"), preferenceFor(null)]).toEqual([true, true, false, false]);
  });
});

describe("a campaign in two languages", () => {
  const english = { subject: "Drop day", body: "New tees Friday." };

  it("takes its Spanish subject and message both or neither", () => {
    expect(campaignSchema.parse(english)).toEqual({ ...english, spanish: null });
    expect(campaignSchema.parse({ ...english, subjectEs: "  ", bodyEs: "" })).toEqual({ ...english, spanish: null });
    expect(campaignSchema.parse({ ...english, subjectEs: " Día de drop ", bodyEs: "Camisetas nuevas el viernes." })).toEqual({
      ...english,
      spanish: { subject: "Día de drop", body: "Camisetas nuevas el viernes." },
    });
    const noBody = campaignSchema.safeParse({ ...english, subjectEs: "Día de drop" });
    expect(noBody.error?.issues.map((i) => [i.path.join("."), inEnglish(issueText(i).id, issueText(i).values)])).toEqual([["bodyEs", NEWSLETTER_MESSAGES.spanishBodyRequired]]);
    const noSubject = campaignSchema.safeParse({ ...english, bodyEs: "Camisetas nuevas." });
    expect(noSubject.error?.issues.map((i) => [i.path.join("."), inEnglish(issueText(i).id, issueText(i).values)])).toEqual([["subjectEs", NEWSLETTER_MESSAGES.spanishSubjectRequired]]);
    expect(campaignSchema.safeParse({ ...english, subjectEs: "x".repeat(151), bodyEs: "y" }).success).toBe(false);
  });

  it("reads in Spanish to a Spanish subscriber when written, else in English to everyone", () => {
    const both = { ...english, subjectEs: "Día de drop", bodyEs: "Camisetas nuevas el viernes." };
    expect(campaignWords(both, "es")).toEqual({ subject: both.subjectEs, body: both.bodyEs });
    expect(campaignWords(both, "en")).toEqual(english);
    expect(campaignWords({ ...english, subjectEs: null, bodyEs: null }, "es")).toEqual(english);
  });
});
