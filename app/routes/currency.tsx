import { data, redirect } from "react-router";
import { Form, metaIntl, useT } from "../i18n/index.ts";
import { CHOOSE_CURRENCY, currencyChoiceSchema } from "../../core/currency/index.ts";
import { inputClass, labelClass, Notice, primaryButton } from "../components/account/page-shell.tsx";
import { useCurrency } from "../components/product/display-currency.tsx";
import { guestCurrencyCookie } from "../lib/currency.server.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { getViewer } from "../lib/session.server.ts";
import { firstWords, localizeText } from "../lib/i18n.server.ts";
import type { Route } from "./+types/currency";
import { noStore } from "../lib/private-page.ts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaIntl(matches).formatMessage({ id: "currency.title" })} | East Harlem` }, { name: "robots", content: "noindex" }];

export type CurrencyResult = { error: string };

/**
 * The currency prices are shown in. A signed-in shopper's choice is saved with their preferences (as in
 * Settings); a guest's is kept in a cookie. Only US dollars and currencies with a rate may be chosen. The
 * footer's chooser posts here and comes back to its page; this page is the same chooser on its own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = currencyChoiceSchema.safeParse(form.currency);
  if (!parsed.success) return data<CurrencyResult>({ error: firstWords(request, parsed.error, CHOOSE_CURRENCY) }, { status: 400, headers: noStore });
  try {
    await context.useCases.currency.requireOffered(parsed.data);
  } catch (error) {
    return data<CurrencyResult>({ error: localizeText(request, expectDomainError(error)) }, { status: 400, headers: noStore });
  }
  const back = safeRedirectPath(form.redirectTo, "/currency");
  const viewer = await getViewer(request, context);
  if (viewer) {
    await context.useCases.accounts.setCurrencyPreference(viewer.id, parsed.data);
    throw redirect(back, { headers: noStore });
  }
  throw redirect(back, { headers: { ...noStore, "Set-Cookie": await guestCurrencyCookie(context, parsed.data) } });
}

export default function Currency({ actionData }: Route.ComponentProps) {
  const { chosen, offered } = useCurrency();
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">{t("currency.title")}</h1>
      {offered.length < 2 ? (
        <p className="mt-4">{t("currency.usdOnly")}</p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          {actionData ? <Notice tone="error">{actionData.error}</Notice> : null}
          <div>
            <label htmlFor="currency" className={labelClass}>
              {t("currency.showIn")}
            </label>
            <select key={chosen} id="currency" name="currency" defaultValue={chosen} aria-describedby="currency-hint" className={inputClass}>
              {offered.map((code) => (
                <option key={code} value={code}>
                  {t("currency.option", { code, name: t(`currency.name.${code}`) })}
                </option>
              ))}
            </select>
            <p id="currency-hint" className="mt-1 text-sm text-muted">
              {t("currency.hint")}
            </p>
          </div>
          <button type="submit" className={primaryButton}>
            {t("currency.set")}
          </button>
        </Form>
      )}
    </div>
  );
}
