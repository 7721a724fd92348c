import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { expectDomainError } from "./domain-errors.server.ts";
import { readForm } from "./form.server.ts";
import { localizeText } from "./i18n.server.ts";
import { noStore } from "./private-page.ts";

/*
 * A page a mail's link opens with a token in its address: the newsletter's confirmation
 * (routes/newsletter-confirm.tsx) and unsubscribe links (routes/newsletter-unsubscribe.tsx), and the
 * "Notify me" mail's stop link (routes/alerts-stop.tsx). GET only shows what the token names and a button,
 * and changes nothing (mail scanners open links too); POST (the button, or a mail provider's one-click
 * post) carries it out. No session is needed: the token names whom it is for. Every answer is private.
 */

/** What the page's POST answered: done (with what the page shows of it), or refused with a message. */
export type TokenResult<Done extends object = object> = ({ ok: true } & Done) | { ok: false; error: string };

/**
 * The GET: the token of the address (`token`, as the module validates it) and what `find` knows of it,
 * `shown` to the page; a token that does not parse or names nothing answers `refusedStatus` and no token.
 */
export function tokenPageLoader<T, Found, Shown extends object>(page: {
  token: z.ZodType<T>;
  find: (context: AppLoadContext, token: T) => Promise<Found | null>;
  shown: (found: Found | null) => Shown;
  refusedStatus: number;
}) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    const token = page.token.safeParse(new URL(request.url).searchParams.get("token") ?? "");
    const found = token.success ? await page.find(context, token.data) : null;
    return data({ token: found && token.success ? token.data : null, ...page.shown(found) }, { status: found ? 200 : page.refusedStatus, headers: noStore });
  };
}

/**
 * The POST: `act` with the token, and what it answers for the page. The token is the form's field, or with
 * `tokenInAddress` the address's first (a mail provider's one-click post carries it in the address only;
 * the page's button also sends it as a field). One that does not parse answers `badLink`; a domain refusal
 * answers its own status and message; a stop carried out is `logged` (saying whether it was one-click).
 */
export function tokenPageAction<T, Done extends object>(page: {
  token: z.ZodType<T>;
  tokenInAddress: boolean;
  badLink: { status: number; message: string };
  act: (context: AppLoadContext, token: T) => Promise<Done>;
  logged?: string;
}) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    const fields = await readForm(request);
    const sent = page.tokenInAddress ? (new URL(request.url).searchParams.get("token") ?? fields.token) : fields.token;
    const token = page.token.safeParse(sent ?? "");
    if (!token.success) return data<TokenResult<Done>>({ ok: false, error: localizeText(request, page.badLink.message) }, { status: page.badLink.status, headers: noStore });
    try {
      const done = await page.act(context, token.data);
      if (page.logged) context.log.info({ oneClick: fields["List-Unsubscribe"] === "One-Click" }, page.logged);
      return data<TokenResult<Done>>({ ok: true, ...done }, { headers: noStore });
    } catch (error) {
      const refused = expectDomainError(error);
      return data<TokenResult<Done>>({ ok: false, error: localizeText(request, refused) }, { status: refused.status, headers: noStore });
    }
  };
}
