import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { currencyRates } from "../../db/schema/index.ts";
import { notOffered } from "./errors.ts";
import { isForeignCurrency, offeredCurrencies, parseRate, type DisplayCurrency, type ExchangeRate } from "./rules.ts";

/** A rate as the back office shows it: the rate, who set it and when. */
export interface RateRow extends ExchangeRate {
  setByEmail: string;
  setAt: Date;
}

/** Every rate set, in the order of the currencies' codes. */
export async function listRates(db: Db): Promise<RateRow[]> {
  const rows = await db.select().from(currencyRates).orderBy(asc(currencyRates.currency));
  return rows.flatMap((r) => {
    const rateMicros = parseRate(r.rate);
    // The table's CHECKs keep both true; a row that is not is skipped rather than shown wrongly.
    return isForeignCurrency(r.currency) && rateMicros !== null ? [{ currency: r.currency, rateMicros, setByEmail: r.setByEmail, setAt: r.setAt }] : [];
  });
}

/** The rates alone, as the storefront needs them on every page. */
export async function currentRates(db: Db): Promise<ExchangeRate[]> {
  return (await listRates(db)).map(({ currency, rateMicros }) => ({ currency, rateMicros }));
}

/** The choice itself when it is offered (US dollars, or a currency with a rate); a CurrencyError otherwise. */
export async function requireOffered(db: Db, choice: DisplayCurrency): Promise<DisplayCurrency> {
  if (!offeredCurrencies(await currentRates(db)).includes(choice)) throw notOffered();
  return choice;
}
