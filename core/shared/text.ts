/**
 * What core says, without its words: a text of the store's catalogue (texts/messages) by id, with its values.
 * The doors turn it into words in the request's language (texts/outcomes.ts); core writes no sentence.
 */

/** An item as a text names it: the brand's name and its options, the colour named in the text's language. */
export interface ItemName {
  readonly name: string;
  readonly size: string | null;
  readonly color: string | null;
  /** How the options are joined: ", " (a cart's item, the default) or " / " (an order line's). */
  readonly separator?: ", " | " / ";
}

export type TextValue = string | number | ItemName;

export interface TextRef {
  readonly id: string;
  readonly values: Readonly<Record<string, TextValue>>;
}

/** A module's texts: each id with the names of the values it takes (its ICU arguments, checked by texts/outcomes.test.ts). */
export type TextTable = Readonly<Record<string, readonly string[]>>;

type ValuesOf<Names extends readonly string[]> = Names extends readonly [] ? [] : [values: { readonly [N in Names[number]]: TextValue }];

export interface Texts<T extends TextTable> {
  /** `say("cart.domain.outOfStock", { item })`: the reference to one of the module's texts, its values checked at compile time. */
  <Id extends keyof T & string>(id: Id, ...values: ValuesOf<T[Id]>): TextRef;
  readonly table: T;
}

const tables: TextTable[] = [];

/** A module's table of texts, and the function that refers to one: `export const say = textsOf({ "cart.domain.itemGone": [] })`. */
export function textsOf<const T extends TextTable>(table: T): Texts<T> {
  tables.push(table);
  const say = (id: string, values: Record<string, TextValue> = {}): TextRef => ({ id, values });
  return Object.assign(say, { table }) as unknown as Texts<T>;
}

/** Every text a module loaded so far may refer to (for the test that each is in both catalogues). */
export function knownTexts(): ReadonlyMap<string, readonly string[]> {
  return new Map(tables.flatMap((table) => Object.entries(table)));
}

export function isItemName(value: TextValue): value is ItemName {
  return typeof value === "object" && value !== null && "name" in value;
}

/**
 * A module's field messages: the ids its schemas give their checks as messages (`.max(80, field("account.domain.nameTooLong"))`),
 * each with the names of the values the check gives it (`["max"]` for a `.max`, a refinement's `params`). The table
 * registers as textsOf's do, so the catalogue test checks every id is in both languages.
 */
export function fieldTextsOf<const T extends TextTable>(table: T): <Id extends keyof T & string>(id: Id) => Id {
  textsOf(table);
  return (id) => id;
}
