/**
 * The culture data's translations (ADR 0025): a row per item and language whose texts are each optional,
 * a null one showing the English. What a save does with a text: a string sets it, null removes it, and
 * undefined (a caller that does not speak of it) leaves it as it was.
 */
export type Texts<K extends string> = Record<K, string | null>;

export function mergeTexts<K extends string>(before: Texts<K>, given: Partial<Record<NoInfer<K>, string | null | undefined>>): Texts<K> {
  const out = { ...before };
  for (const key of Object.keys(before) as K[]) {
    const value = given[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** No text at all: the item has no translation (its row is removed). */
export function noTexts(texts: Readonly<Record<string, string | null>>): boolean {
  return Object.values(texts).every((v) => v === null);
}
