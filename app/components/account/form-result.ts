/** What an account form's action answers: a message to show, and on failure what was typed. */
export type FormResult<Intent extends string> =
  | { intent: Intent; ok: true; message: string }
  | { intent: Intent; ok: false; error: string; fieldErrors?: Record<string, string>; fields?: Record<string, string> };

/** The result of one intent, or null when the last answer was for another form on the page. */
export function resultFor<Intent extends string, R extends { intent: string }>(result: R | undefined, intent: Intent): Extract<R, { intent: Intent }> | null {
  return result && result.intent === intent ? (result as Extract<R, { intent: Intent }>) : null;
}
