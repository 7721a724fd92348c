/** The answer to a subscribe box; `email` gives a refused address back to its field. */
export type SubscribeResult = { ok: true; message: string } | { ok: false; error: string; fieldError?: string; email: string };
