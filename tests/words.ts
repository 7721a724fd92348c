import { sayIn } from "../texts/index.ts";
import type { TextValue } from "../core/shared/text.ts";

/** A text of the catalogue as an English page or answer words it: what a test expects a shopper to read. */
export const english = (id: string, values: Record<string, TextValue> = {}): string => sayIn("en", { id, values });

/** The same in Spanish. */
export const spanish = (id: string, values: Record<string, TextValue> = {}): string => sayIn("es", { id, values });
