import type { ShortLine } from "../../../core/checkout/index.ts";

/** What the form gets back; card fields are never among the returned values. */
export type CheckoutActionData =
  | { kind: "invalid"; error: string; fieldErrors: Record<string, string>; fields: Record<string, string> }
  | { kind: "payment_error"; message: string; fields: Record<string, string>; nextKey: string }
  | { kind: "insufficient_stock"; lines: ShortLine[]; fields: Record<string, string>; nextKey: string }
  | { kind: "requires_confirmation"; attemptId: string; clientSecret: string; fields: Record<string, string> }
  | { kind: "in_progress"; attemptId: string; message: string; fields: Record<string, string> };
