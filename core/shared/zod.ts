import { z } from "zod";

/** The first message of each field, keyed by the field's path, for showing next to the inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A text's translation as a back-office form sends it: optional, trimmed, empty meaning none (null: the page
 * in that language shows the English), at most as long as the English may be.
 */
export const translatedText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === "" ? null : v))
    .optional();
