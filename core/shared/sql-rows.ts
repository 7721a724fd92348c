/**
 * The rows of a raw `db.execute(sql...)` result. node-postgres answers `{ rows }`, and so does PGlite
 * through Drizzle; a driver answering the array itself is taken as it is.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
