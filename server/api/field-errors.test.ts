import { describe, expect, it } from "vitest";
import { z } from "zod";
import { billingSchema } from "../../core/checkout/index.ts";
import { CHECKOUT_MESSAGES } from "../../tests/messages.ts";
import { sayField } from "../../texts/index.ts";
import en from "../../texts/messages/en.ts";
import { FIELD_TEXTS, fieldErrorsOf, parseFields } from "./field-errors.ts";

/** The API's field texts as an English answer words them. */
const FIELD_MESSAGES = Object.fromEntries(
  Object.entries(FIELD_TEXTS)
    .filter(([, id]) => !en[id].includes("{"))
    .map(([name, id]) => [name, sayField("en", { id, values: {} })]),
) as Record<keyof typeof FIELD_TEXTS, string>;

const errorsOf = (schema: z.ZodType, value: unknown, under?: string) => {
  const parsed = parseFields(schema, value);
  if (parsed.success) throw new Error("expected a refusal");
  return fieldErrorsOf(parsed.error, { under }).map((e) => ({ field: e.field, message: typeof e.message === "string" ? e.message : sayField("en", e.message) }));
};

describe("the API's field errors", () => {
  it("give a missing field the message the form gives the same field left empty", () => {
    expect(errorsOf(billingSchema, {})).toEqual([
      { field: "fullName", message: CHECKOUT_MESSAGES.nameRequired },
      { field: "email", message: CHECKOUT_MESSAGES.emailRequired },
    ]);
    expect(errorsOf(billingSchema, { fullName: null, email: "ana@east-harlem.test" })).toEqual([{ field: "fullName", message: CHECKOUT_MESSAGES.nameRequired }]);
  });

  it("keep every message the schema has of its own", () => {
    expect(errorsOf(billingSchema, { fullName: "Ana", email: "not-an-email" })).toEqual([{ field: "email", message: CHECKOUT_MESSAGES.emailInvalid }]);
    expect(errorsOf(z.object({ quantity: z.number("Choose how many.").int() }), {})).toEqual([{ field: "quantity", message: "Choose how many." }]);
  });

  it("say what is needed where the form has nothing to say", () => {
    const schema = z.object({ note: z.string().max(5), count: z.number().int().min(1).max(9), price: z.number().positive(), on: z.boolean(), tags: z.array(z.string()).max(2), size: z.enum(["S", "M"]), kind: z.literal("tee") });
    const says = (value: Record<string, unknown>) => Object.fromEntries(errorsOf(schema, { note: "", count: 1, price: 1, on: true, tags: [], size: "S", kind: "tee", ...value }).map((e) => [e.field, e.message]));
    expect(says({ note: 5, count: "2", price: "1", on: "yes", tags: "a", size: 1 })).toEqual({
      note: FIELD_MESSAGES.text,
      count: FIELD_MESSAGES.number,
      price: FIELD_MESSAGES.number,
      on: FIELD_MESSAGES.trueOrFalse,
      tags: FIELD_MESSAGES.list,
      size: "Choose one of: S, M.",
    });
    expect(says({ note: "too long", count: 1.5, price: 0, tags: ["a", "b", "c"], kind: "hoodie" })).toEqual({
      note: "Please use at most 5 characters.",
      count: FIELD_MESSAGES.wholeNumber,
      price: "Enter a number bigger than 0.",
      tags: "Send at most 2 items.",
      kind: "This must be tee.",
    });
    expect(says({ count: 10 })).toEqual({ count: "Enter a number no bigger than 9." });
    // Present but may be empty: the field is to be sent all the same.
    expect(says({ note: undefined })).toEqual({ note: FIELD_MESSAGES.missing });
  });

  it("name a body that is not an object of fields, and fields checked on their own under their parent", () => {
    expect(errorsOf(billingSchema, [])).toEqual([{ field: "body", message: FIELD_MESSAGES.fields }]);
    expect(errorsOf(z.object({ cardNumber: z.string().min(1, "Enter your card number.") }), {}, "card")).toEqual([{ field: "card.cardNumber", message: "Enter your card number." }]);
  });
});
