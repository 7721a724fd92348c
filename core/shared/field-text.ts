import type { z } from "zod";
import type { TextRef, TextValue } from "./text.ts";

/*
 * What a field check said, without its words: the schema's message is the id of a text of the catalogue
 * (fieldTextsOf), and the check's limit its values: `max` for a `too_big`, `min` for a `too_small`, `length`
 * for an exact length, `divisor`, `options` and `value` for a choice, and a refinement's own `params`.
 * Limits are passed as written ("5000", not 5,000), as the English of the spec writes them.
 */

function valuesOf(issue: z.core.$ZodIssue): Record<string, TextValue> {
  switch (issue.code) {
    case "too_big":
      return { max: String(issue.maximum), ...(issue.exact ? { length: String(issue.maximum) } : {}) };
    case "too_small":
      return { min: String(issue.minimum), ...(issue.exact ? { length: String(issue.minimum) } : {}) };
    case "not_multiple_of":
      return { divisor: String(issue.divisor) };
    case "invalid_value":
      return { options: issue.values.map(String).join(", "), value: String(issue.values[0]) };
    case "custom":
      return { ...(issue.params as Record<string, TextValue> | undefined) };
    default:
      return {};
  }
}

/** One issue's text: its message's id with the check's values. */
export function issueText(issue: z.core.$ZodIssue): TextRef {
  return { id: issue.message, values: valuesOf(issue) };
}

/** The first text of each field, keyed by the field's path ("form" for the form's own), for showing next to the inputs. */
export function fieldTexts(error: z.ZodError): Record<string, TextRef> {
  const out: Record<string, TextRef> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issueText(issue);
  }
  return out;
}

/** The first issue's text (a form with one message), or null when the parse raised none. */
export function firstText(error: z.ZodError): TextRef | null {
  const issue = error.issues[0];
  return issue ? issueText(issue) : null;
}
