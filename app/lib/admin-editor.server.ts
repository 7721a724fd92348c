import { data } from "react-router";
import type { z } from "zod";
import { noStore } from "./private-page.ts";

/*
 * The back office's editors (app/routes/admin/: a product, a collection, a story, an event, a playlist, a
 * user, an order, a variant's stock...) each edit one record that the address names by id. An id that does
 * not parse and a record that does not exist answer the same: a 404 with no data.
 */

export interface EditorNotFound {
  /** The 404 carries no Cache-Control of its own (the story, collection and event editors' answer). */
  bare?: boolean;
}

/** The editor's 404: no data, private unless `bare`. */
export function editorNotFound(options: EditorNotFound = {}) {
  return data(null, { status: 404, headers: options.bare ? undefined : noStore });
}

/** The record id of the address (`param`, as the module's `schema` reads it), or the 404. */
export function editorIdOf<T>(schema: z.ZodType<T>, param: string | undefined, options?: EditorNotFound): T {
  const parsed = schema.safeParse(param);
  if (!parsed.success) throw editorNotFound(options);
  return parsed.data;
}

/** An editor that also writes new records: "new", or the record id of the address, or the 404. */
export function editorIdOrNewOf<T>(schema: z.ZodType<T>, param: string | undefined, options?: EditorNotFound): T | "new" {
  return param === "new" ? "new" : editorIdOf(schema, param, options);
}

/** The record that was found, or the 404. */
export function editorRecord<R>(record: R | null | undefined, options?: EditorNotFound): R {
  if (record === null || record === undefined) throw editorNotFound(options);
  return record;
}

/** The editor's record: the address's id, and what `load` finds with it, or the 404 for either. */
export async function loadEditorRecord<T, R>(
  schema: z.ZodType<T>,
  param: string | undefined,
  load: (id: T) => Promise<R | null | undefined>,
  options?: EditorNotFound,
): Promise<R> {
  const parsed = schema.safeParse(param);
  return editorRecord(parsed.success ? await load(parsed.data) : null, options);
}
