import type { z } from "zod";
import { fieldTexts, firstText } from "../core/shared/field-text.ts";
import type { TextRef } from "../core/shared/text.ts";
import { sayField, sayFields } from "../texts/index.ts";

/** A failed parse's field messages as an English page shows them. */
export const englishFields = (error: z.ZodError): Record<string, string> => sayFields("en", fieldTexts(error)) as Record<string, string>;

/** A failed parse's first message as an English page shows it. */
export const englishFirst = (error: z.ZodError): string | undefined => {
  const text = firstText(error);
  return text ? sayField("en", text) : undefined;
};

/** Field texts (each field's TextRef) as an English page shows them. */
export const englishTexts = (texts: Record<string, TextRef>): Record<string, string> => sayFields("en", texts) as Record<string, string>;
