import { z } from "zod";
import { MESSAGES as ACCOUNT_MESSAGES } from "../../core/accounts/index.ts";

/*
 * What the API says of a field that does not validate, in the store's words. The API validates with the
 * forms' own schemas, whose messages are the forms' ("Full name is required."); what a form never sends (a
 * missing field, a number where text goes, a list where the fields go) would otherwise be answered in zod's
 * own English ("Invalid input: expected string, received undefined"). Every request the API reads is parsed
 * with `storeWords` as its error map, which speaks only where the schema says nothing: a missing field gets
 * the message the form gives the same field left empty, anything else a plain sentence of what is needed.
 * The messages are English, as core's are; the answer translates them (api.json in the catalogue).
 */

export const FIELD_MESSAGES = {
  required: "Fill in this field.",
  missing: "This field is missing: send it, even empty.",
  text: "Enter text.",
  number: "Enter a number.",
  wholeNumber: "Enter a whole number.",
  trueOrFalse: "Choose true or false.",
  list: "Send a list.",
  fields: "Send the fields as a JSON object.",
  format: "Check the format of this field.",
  check: "Check this field.",
} as const;

/** The messages with values in them, as the catalogue holds them (api.json: `api.domain.field*`). */
const say = {
  // The wishlist's wording, already in the catalogue (wishlist.domain.maxChars).
  atMostCharacters: (max: string) => `Please use at most ${max} characters.`,
  atLeastCharacters: (min: string) => `Please use at least ${min} characters.`,
  exactlyCharacters: (length: string) => `Please use exactly ${length} characters.`,
  atMostNumber: (max: string) => `Enter a number no bigger than ${max}.`,
  belowNumber: (max: string) => `Enter a number smaller than ${max}.`,
  atLeastNumber: (min: string) => `Enter a number no smaller than ${min}.`,
  aboveNumber: (min: string) => `Enter a number bigger than ${min}.`,
  atMostItems: (max: string) => `Send at most ${max} items.`,
  atLeastItems: (min: string) => `Send at least ${min} items.`,
  multipleOf: (divisor: string) => `Enter a multiple of ${divisor}.`,
  oneOf: (options: string) => `Choose one of: ${options}.`,
  exactly: (value: string) => `This must be ${value}.`,
};

type RawIssue = z.core.$ZodRawIssue;

/** Marks, in a second look at a field, the messages the schema leaves to zod. */
const UNSAID = "\u0000unsaid";

/**
 * How the schema takes a value: "passes", or its own message for it (the form's, for a field left empty), or
 * undefined when it refuses the value without a message of its own.
 */
function ownMessage(schema: z.core.$ZodType, value: unknown): string | "passes" | undefined {
  try {
    const parsed = z.safeParse(schema, value, { error: () => UNSAID });
    if (parsed.success) return "passes";
    return parsed.error.issues.find((issue) => issue.message !== UNSAID)?.message;
  } catch {
    // A schema that refines asynchronously is not asked again.
    return undefined;
  }
}

/** Whether what raised an issue is a schema (a type), not one of its checks. */
function isSchema(inst: RawIssue["inst"]): inst is z.core.$ZodType {
  return inst !== undefined && (inst._zod as { traits?: Set<string> }).traits?.has("$ZodType") === true;
}

/** What an empty field of the form is, by the type the schema expects. */
function blankOf(expected: string): unknown {
  if (expected === "string") return "";
  if (expected === "number" || expected === "int") return 0;
  return undefined;
}

function typeMessage(expected: string): string | undefined {
  switch (expected) {
    case "string":
      return FIELD_MESSAGES.text;
    case "number":
    case "bigint":
      return FIELD_MESSAGES.number;
    case "int":
      return FIELD_MESSAGES.wholeNumber;
    case "boolean":
      return FIELD_MESSAGES.trueOrFalse;
    case "array":
    case "tuple":
    case "set":
      return FIELD_MESSAGES.list;
    case "object":
    case "record":
    case "map":
      return FIELD_MESSAGES.fields;
    case "date":
      return FIELD_MESSAGES.format;
    default:
      return undefined;
  }
}

const shown = (value: unknown) => (typeof value === "string" ? value : String(value));

/**
 * The error map of every request the API reads: the store's words for what the schema leaves unsaid (a
 * schema's own message always wins, zod asks this map only without one).
 */
export function storeWords(issue: RawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      const missing = issue.input === undefined || issue.input === null;
      if (missing) {
        // The form's message for the field left empty, when the form has one.
        const blank = blankOf(issue.expected);
        const own = blank !== undefined && isSchema(issue.inst) ? ownMessage(issue.inst, blank) : undefined;
        // A field that may be empty, but is still to be sent.
        if (own === "passes") return FIELD_MESSAGES.missing;
        if (own) return own;
        if (issue.expected === "string" || issue.expected === "number" || issue.expected === "int" || issue.expected === "nonoptional") return FIELD_MESSAGES.required;
      }
      return typeMessage(issue.expected) ?? (missing ? FIELD_MESSAGES.required : FIELD_MESSAGES.check);
    }
    case "too_big": {
      const max = shown(issue.maximum);
      if (issue.origin === "string") return issue.exact ? say.exactlyCharacters(max) : say.atMostCharacters(max);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return issue.inclusive === false ? say.belowNumber(max) : say.atMostNumber(max);
      if (issue.origin === "array" || issue.origin === "set") return say.atMostItems(max);
      return FIELD_MESSAGES.check;
    }
    case "too_small": {
      const min = shown(issue.minimum);
      if (issue.origin === "string") return issue.exact ? say.exactlyCharacters(min) : Number(issue.minimum) <= 1 ? FIELD_MESSAGES.required : say.atLeastCharacters(min);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return issue.inclusive === false ? say.aboveNumber(min) : say.atLeastNumber(min);
      if (issue.origin === "array" || issue.origin === "set") return say.atLeastItems(min);
      return FIELD_MESSAGES.check;
    }
    case "invalid_format":
      return issue.format === "email" ? ACCOUNT_MESSAGES.invalidEmail : FIELD_MESSAGES.format;
    case "not_multiple_of":
      return say.multipleOf(shown(issue.divisor));
    case "invalid_value":
      return issue.values.length === 1 ? say.exactly(shown(issue.values[0])) : say.oneOf(issue.values.map(shown).join(", "));
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return FIELD_MESSAGES.format;
    default:
      return FIELD_MESSAGES.check;
  }
}

/** A request's part parsed as the API parses every one: the schema's rules, and the store's words for every refusal. */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(value, { error: storeWords });
}

export interface FieldError {
  field: string;
  message: string;
}

/**
 * One entry per field, each field's first message, named by its path in the request (`card.cardNumber`);
 * `where` names a part other than the body (`query.page`, `path.slug`), `under` a body field the schema
 * validated on its own (`card`).
 */
export function fieldErrorsOf(error: z.ZodError, options: { where?: "body" | "query" | "path"; under?: string } = {}): FieldError[] {
  const where = options.where ?? "body";
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const path = [...(options.under ? [options.under] : []), ...issue.path.map(String)].join(".");
    const field = where === "body" ? path || "body" : [where, path].filter(Boolean).join(".");
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}
