import { z } from "zod";
import { issueText } from "../../core/shared/field-text.ts";
import { fieldTextsOf, type TextRef } from "../../core/shared/text.ts";

/*
 * What the API says of a field that does not validate, in the store's words. The API validates with the
 * forms' own schemas, whose messages are the forms' ("Full name is required."); what a form never sends (a
 * missing field, a number where text goes, a list where the fields go) would otherwise be answered in zod's
 * own English ("Invalid input: expected string, received undefined"). Every request the API reads is parsed
 * with `storeWords` as its error map, which speaks only where the schema says nothing: a missing field gets
 * the message the form gives the same field left empty, anything else a plain sentence of what is needed.
 * The messages are ids of the catalogue (api.json), the check's limit their values; the answer words them.
 */

const field = fieldTextsOf({
  "api.domain.fieldRequired": [],
  "api.domain.fieldMissing": [],
  "api.domain.fieldText": [],
  "api.domain.fieldNumber": [],
  "api.domain.fieldWholeNumber": [],
  "api.domain.fieldTrueOrFalse": [],
  "api.domain.fieldList": [],
  "api.domain.fieldObject": [],
  "api.domain.fieldFormat": [],
  "api.domain.fieldCheck": [],
  // The wishlist's wording of the same rule.
  "wishlist.domain.maxChars": ["max"],
  "api.domain.fieldAtLeastCharacters": ["min"],
  "api.domain.fieldExactlyCharacters": ["length"],
  "api.domain.fieldAtMostNumber": ["max"],
  "api.domain.fieldBelowNumber": ["max"],
  "api.domain.fieldAtLeastNumber": ["min"],
  "api.domain.fieldAboveNumber": ["min"],
  "api.domain.fieldAtMostItems": ["max"],
  "api.domain.fieldAtLeastItems": ["min"],
  "api.domain.fieldMultipleOf": ["divisor"],
  "api.domain.fieldOneOf": ["options"],
  "api.domain.fieldExactly": ["value"],
  "account.error.invalidEmail": [],
});

/** The texts of what a form never sends (their values come from the check: core/shared/field-text.ts). */
export const FIELD_TEXTS = {
  required: field("api.domain.fieldRequired"),
  missing: field("api.domain.fieldMissing"),
  text: field("api.domain.fieldText"),
  number: field("api.domain.fieldNumber"),
  wholeNumber: field("api.domain.fieldWholeNumber"),
  trueOrFalse: field("api.domain.fieldTrueOrFalse"),
  list: field("api.domain.fieldList"),
  fields: field("api.domain.fieldObject"),
  format: field("api.domain.fieldFormat"),
  check: field("api.domain.fieldCheck"),
  atMostCharacters: field("wishlist.domain.maxChars"),
  atLeastCharacters: field("api.domain.fieldAtLeastCharacters"),
  exactlyCharacters: field("api.domain.fieldExactlyCharacters"),
  atMostNumber: field("api.domain.fieldAtMostNumber"),
  belowNumber: field("api.domain.fieldBelowNumber"),
  atLeastNumber: field("api.domain.fieldAtLeastNumber"),
  aboveNumber: field("api.domain.fieldAboveNumber"),
  atMostItems: field("api.domain.fieldAtMostItems"),
  atLeastItems: field("api.domain.fieldAtLeastItems"),
  multipleOf: field("api.domain.fieldMultipleOf"),
  oneOf: field("api.domain.fieldOneOf"),
  exactly: field("api.domain.fieldExactly"),
  email: field("account.error.invalidEmail"),
} as const;

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
      return FIELD_TEXTS.text;
    case "number":
    case "bigint":
      return FIELD_TEXTS.number;
    case "int":
      return FIELD_TEXTS.wholeNumber;
    case "boolean":
      return FIELD_TEXTS.trueOrFalse;
    case "array":
    case "tuple":
    case "set":
      return FIELD_TEXTS.list;
    case "object":
    case "record":
    case "map":
      return FIELD_TEXTS.fields;
    case "date":
      return FIELD_TEXTS.format;
    default:
      return undefined;
  }
}

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
        if (own === "passes") return FIELD_TEXTS.missing;
        if (own) return own;
        if (issue.expected === "string" || issue.expected === "number" || issue.expected === "int" || issue.expected === "nonoptional") return FIELD_TEXTS.required;
      }
      return typeMessage(issue.expected) ?? (missing ? FIELD_TEXTS.required : FIELD_TEXTS.check);
    }
    case "too_big": {
      if (issue.origin === "string") return issue.exact ? FIELD_TEXTS.exactlyCharacters : FIELD_TEXTS.atMostCharacters;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return issue.inclusive === false ? FIELD_TEXTS.belowNumber : FIELD_TEXTS.atMostNumber;
      if (issue.origin === "array" || issue.origin === "set") return FIELD_TEXTS.atMostItems;
      return FIELD_TEXTS.check;
    }
    case "too_small": {
      if (issue.origin === "string") return issue.exact ? FIELD_TEXTS.exactlyCharacters : Number(issue.minimum) <= 1 ? FIELD_TEXTS.required : FIELD_TEXTS.atLeastCharacters;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return issue.inclusive === false ? FIELD_TEXTS.aboveNumber : FIELD_TEXTS.atLeastNumber;
      if (issue.origin === "array" || issue.origin === "set") return FIELD_TEXTS.atLeastItems;
      return FIELD_TEXTS.check;
    }
    case "invalid_format":
      return issue.format === "email" ? FIELD_TEXTS.email : FIELD_TEXTS.format;
    case "not_multiple_of":
      return FIELD_TEXTS.multipleOf;
    case "invalid_value":
      return issue.values.length === 1 ? FIELD_TEXTS.exactly : FIELD_TEXTS.oneOf;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return FIELD_TEXTS.format;
    default:
      return FIELD_TEXTS.check;
  }
}

/** A request's part parsed as the API parses every one: the schema's rules, and the store's words for every refusal. */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(value, { error: storeWords });
}

export interface FieldError {
  field: string;
  /** A field check's text (its id and the check's values), or the API's own words. */
  message: TextRef | string;
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
    errors.push({ field, message: issueText(issue) });
  }
  return errors;
}
