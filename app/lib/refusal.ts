import { isRouteErrorResponse } from "react-router";
import { useT, type MessageId } from "../i18n/index.ts";

/**
 * The reason given with a refused request, for an error page to show: a 4xx carrying `{ error }`, thrown by
 * an action (app/lib/form.server.ts) or answered by the HTTP layer (server/request-guard.ts; a fetcher
 * receives that one as JSON text). Null for anything else, which keeps its own page.
 */
export function refusalMessage(error: unknown): string | null {
  const body = refusalBody(error);
  const message = body?.error;
  return typeof message === "string" && message.length > 0 && message.length <= 300 ? message : null;
}

/** A 4xx's body, `{ error, text? }` as the form reader and the HTTP layer answer; null for anything else. */
function refusalBody(error: unknown): { error?: unknown; text?: unknown } | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  let body: unknown = error.data;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  return typeof body === "object" && body !== null ? (body as { error?: unknown; text?: unknown }) : null;
}

/** The refusal's text of the catalogue, when it came with one (the form reader's: app/lib/form.server.ts badForm). */
function refusalText(error: unknown): { id: MessageId; values: Record<string, string> } | null {
  const text = refusalBody(error)?.text;
  if (typeof text !== "object" || text === null) return null;
  const { id, values } = text as { id?: unknown; values?: unknown };
  if (typeof id !== "string" || !id.startsWith("account.refusal.")) return null;
  const strings = typeof values === "object" && values !== null ? Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")) : {};
  return { id: id as MessageId, values: strings as Record<string, string> };
}

/**
 * The refusals the HTTP layer writes (in English, as they are logged and answered to scripts; the form reader's
 * come with their text), each with its text in the catalogue; a field's name or a size is carried over as it was.
 */
const REFUSALS: readonly { pattern: RegExp; id: MessageId; value?: "field" | "limit" }[] = [
  { pattern: /^The form could not be read\. Please send it again from the page\.$/, id: "account.refusal.unreadable" },
  { pattern: /^The form field "(.*)" must be text, not a file\.$/, id: "account.refusal.fieldNotText", value: "field" },
  { pattern: /^The form field "(.*)" was sent more than once\.$/, id: "account.refusal.fieldTwice", value: "field" },
  { pattern: /^The form field "(.*)" contains control characters\.$/, id: "account.refusal.fieldControl", value: "field" },
  { pattern: /^The form field "(.*)" must be a single line\.$/, id: "account.refusal.fieldOneLine", value: "field" },
  { pattern: /^The page to return to must be a page of this store\.$/, id: "account.refusal.badRedirect" },
  { pattern: /^The address is not valid: it has malformed percent-encoding\.$/, id: "account.refusal.badEncoding" },
  { pattern: /^The address contains control characters\.$/, id: "account.refusal.controlInAddress" },
  { pattern: /^The Host header is not a host name\.$/, id: "account.refusal.badHost" },
  { pattern: /^This method is not allowed here\.$/, id: "account.refusal.method" },
  { pattern: /^This form can only be sent from the store's own pages\.$/, id: "account.refusal.crossSite" },
  { pattern: /^This address takes a form \(application\/x-www-form-urlencoded or multipart\/form-data\)\.$/, id: "account.refusal.notForm" },
  { pattern: /^The form contains control characters\.$/, id: "account.refusal.controlInForm" },
  { pattern: /^The form contains text that is not valid UTF-8\.$/, id: "account.refusal.invalidUtf8" },
  { pattern: /^Compressed request bodies are not accepted\.$/, id: "account.refusal.compressed" },
  { pattern: /^The request body ended before its stated length\.$/, id: "account.refusal.truncated" },
  { pattern: /^The request body is larger than the limit of (\d+(?:\.\d+)? [KM]B)\.$/, id: "account.refusal.tooLarge", value: "limit" },
];

/** A refusal's reason in the page's language; one the catalogue does not know stays as it was written. */
export function translateRefusal(message: string, t: ReturnType<typeof useT>): string {
  for (const { pattern, id, value } of REFUSALS) {
    const match = pattern.exec(message);
    if (match) return t(id, value ? { [value]: match[1] } : undefined);
  }
  return message;
}

/** A refused request's title and reason in the page's language, or null when the error is no refusal. */
export function useRefusal(error: unknown): { title: string; message: string } | null {
  const t = useT();
  const message = refusalMessage(error);
  if (message === null) return null;
  const text = refusalText(error);
  return { title: t("account.refusal.title"), message: text ? t(text.id, text.values) : translateRefusal(message, t) };
}
