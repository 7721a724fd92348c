import type { HeadersFunction } from "react-router";

/**
 * A route's page response carries only the headers its `headers` export gives: this one passes on the
 * action's Retry-After (a throttled password guess), so browsers without JavaScript get it too.
 */
export const actionRetryAfter: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
