import { useLocation } from "react-router";

/**
 * A back-office page's success banner ("The variant was added.") is carried by its address: the action that
 * succeeded redirects to the page with ?done=<what>, and the page's loader reads it. The address is the one
 * truth of it: a form posts to its page without the parameter (the Form of app/i18n), so the page answering
 * a refused submission has none, and useDone shows the banner only while the address still says it.
 */
export const DONE_PARAM = "done";

/** The page's own address without its success banner's parameter, or undefined when it has none. */
export function withoutDone(address: string): string | undefined {
  const at = address.indexOf("?");
  if (at < 0) return undefined;
  const search = new URLSearchParams(address.slice(at + 1));
  if (!search.has(DONE_PARAM)) return undefined;
  search.delete(DONE_PARAM);
  const rest = search.toString();
  return `${address.slice(0, at)}${rest ? `?${rest}` : ""}`;
}

/**
 * The loader's success banner, while the address still carries it. After a refused submission (posted to
 * the page without ?done) React Router keeps the loader's last data, banner included, since it does not
 * reload after an action's 4xx: this drops it, so the page shows the refusal alone.
 */
export function useDone<T>(loaderDone: T): T | null {
  return new URLSearchParams(useLocation().search).has(DONE_PARAM) ? loaderDone : null;
}
