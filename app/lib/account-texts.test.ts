import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { issueText } from "../../core/shared/field-text.ts";
import type { TextRef } from "../../core/shared/text.ts";
import { sayField } from "../../texts/index.ts";
import en from "../../texts/messages/en.ts";
import { deleteAccountSchema, preferencesSchema, profileSchema, registerSchema, resetRequestSchema } from "../../core/accounts/inputs.ts";
import { MESSAGES, NEWSLETTER_MESSAGES, RESET_SENT_MESSAGE } from "../../tests/messages.ts";
import { subscribeSchema } from "../../core/newsletter/inputs.ts";
import { REQUEST_MESSAGES as REQUEST_GUARD_MESSAGES } from "../../tests/messages.ts";
import { intlFor, type MessageId } from "../i18n/index.ts";
import { localizeText } from "./i18n.server.ts";
import { translateRefusal } from "./refusal.ts";

// Core says the account and newsletter messages by id (their English is the spec's catalogue); the pages
// under /es show each of them in Spanish, the pages in English word for word.

const spanish = new Request("http://store.test/es/login");
const english = new Request("http://store.test/login");

/** A failed parse's texts (the schemas say ids: core/shared/field-text.ts). */
function messagesOf(result: { success: boolean; error?: z.ZodError }): TextRef[] {
  return result.success ? [] : result.error!.issues.map((issue) => issueText(issue));
}

/** A text the tests name by its English (tests/messages.ts), by its id in the catalogue. */
const textOf = (english: string): TextRef => ({ id: Object.entries(en).find(([, text]) => text === english)?.[0] ?? english, values: {} });

describe("the account and newsletter messages in Spanish", () => {
  const shown = [
    ...Object.values(MESSAGES).map(textOf),
    textOf(RESET_SENT_MESSAGE),
    ...messagesOf(registerSchema.safeParse({ email: "a@b.co", password: "secret", confirmPassword: "secret", displayName: "x".repeat(81), acceptTerms: "on" })),
    ...messagesOf(resetRequestSchema.safeParse({ email: "" })),
    ...messagesOf(profileSchema.safeParse({ firstName: "x".repeat(51), lastName: "", phone: "call me" })),
    ...messagesOf(preferencesSchema.safeParse({})),
    ...messagesOf(deleteAccountSchema.safeParse({ password: "" })),
    ...messagesOf(subscribeSchema.safeParse({ email: "" })),
    ...[
      NEWSLETTER_MESSAGES.checkInbox,
      NEWSLETTER_MESSAGES.invalidEmail,
      NEWSLETTER_MESSAGES.tooManyRequests,
      NEWSLETTER_MESSAGES.badConfirmLink,
      NEWSLETTER_MESSAGES.badUnsubscribeLink,
    ].map(textOf),
  ];

  it("translates every message a shopper can be shown", () => {
    expect(shown.length).toBeGreaterThan(35);
    const untranslated = shown.filter((text) => localizeText(spanish, text) === localizeText(english, text)).map((text) => text.id);
    expect(untranslated).toEqual([]);
  });

  it("leaves them word for word in English", () => {
    for (const text of shown) expect(localizeText(english, text)).toBe(sayField("en", text));
    expect(shown.map((text) => localizeText(english, text))).toContain("Passwords do not match");
  });
});

describe("the reasons of a refused request", () => {
  const intl = intlFor("es");
  const t = (id: MessageId, values?: Record<string, string | number | Date | null | undefined>) => intl.formatMessage({ id }, values);

  it("are shown in Spanish, with the field's name or the limit kept", () => {
    const refusals = Object.entries(REQUEST_GUARD_MESSAGES)
      .filter(([key]) => key !== "unexpected")
      .map(([, text]) => text);
    for (const text of refusals) expect(translateRefusal(text, t), text).not.toBe(text);
    expect(translateRefusal('The form field "email" was sent more than once.', t)).toBe('El campo "email" se envió más de una vez.');
    expect(translateRefusal("The request body is larger than the limit of 1 MB.", t)).toBe("La solicitud pasa del límite de 1 MB.");
    expect(translateRefusal("The page to return to must be a page of this store.", t)).toBe("La página a la que vuelves tiene que ser de esta tienda.");
  });

  it("stay as they were written when the catalogue does not know them", () => {
    expect(translateRefusal("Unknown action.", t)).toBe("Unknown action.");
  });
});
