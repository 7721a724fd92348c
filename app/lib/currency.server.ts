import { createCookie } from "react-router";
import { isDisplayCurrency, offeredCurrencies, shownCurrency, type DisplayCurrency } from "../../core/currency/index.ts";
import type { StoreContext } from "../context.ts";
import { storeCookieName } from "../../core/shared/cookies.ts";
import type { CurrencyView } from "../components/product/display-currency.tsx";

const ONE_YEAR_S = 365 * 24 * 3600;

/** A guest's choice of currency (a signed-in shopper's is their saved preference). Only a display choice: nothing is charged by it. */
function currencyCookie(secure: boolean) {
  return createCookie(storeCookieName("eh_currency", secure), { httpOnly: true, sameSite: "lax", path: "/", maxAge: ONE_YEAR_S, secure });
}

export async function readGuestCurrency(request: Request, context: StoreContext): Promise<DisplayCurrency | null> {
  const value: unknown = await currencyCookie(context.secureCookies).parse(request.headers.get("Cookie"));
  return isDisplayCurrency(value) ? value : null;
}

/** The Set-Cookie header of a guest's choice (USD forgets the cookie: dollars are the default). */
export async function guestCurrencyCookie(context: StoreContext, choice: DisplayCurrency): Promise<string> {
  const cookie = currencyCookie(context.secureCookies);
  return choice === "USD" ? cookie.serialize("", { maxAge: 0 }) : cookie.serialize(choice);
}

/**
 * What the price components need, for the root loader (`preference`: the signed-in shopper's saved choice, null for a guest): the currency shown (null: US dollars), and the
 * choices offered. A choice whose currency has no rate (never set, or cleared since) reads as US dollars.
 */
export async function currencyView(request: Request, context: StoreContext, preference: Promise<string | null>): Promise<CurrencyView> {
  const [rates, saved, guestChoice] = await Promise.all([context.useCases.currency.currentRates(), preference, readGuestCurrency(request, context)]);
  const shown = shownCurrency(saved ?? guestChoice, rates);
  return { shown, chosen: shown?.code ?? "USD", offered: offeredCurrencies(rates) };
}
