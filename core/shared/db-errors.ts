/**
 * The unique constraint a write broke, or null when the error is something else. Drizzle wraps the
 * driver's error (pg and PGlite both carry SQLSTATE 23505 and the constraint's name), so the causes are
 * walked. When the driver does not name the constraint, "" is returned: still a unique violation.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") {
      const constraint = (e as { constraint?: unknown }).constraint;
      return typeof constraint === "string" ? constraint : "";
    }
  }
  return null;
}
