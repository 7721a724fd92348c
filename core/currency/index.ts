// The currency module's face: other code imports it from here only (rules.ts and inputs.ts, free of the
// database, may also be imported by browser-bound UI code and by other modules' rules).
export {
  convertUsdCents,
  CURRENCY_NAMES,
  DISPLAY_CURRENCIES,
  FOREIGN_CURRENCIES,
  formatRate,
  isDisplayCurrency,
  isForeignCurrency,
  MINOR_UNIT_DIGITS,
  offeredCurrencies,
  shownCurrency,
  type DisplayCurrency,
  type ExchangeRate,
  type ForeignCurrency,
  type ShownCurrency,
} from "./rules.ts";
export { CHOOSE_CURRENCY, currencyChoiceSchema, rateChangeSchema, type RateChange } from "./inputs.ts";
export { CurrencyError } from "./errors.ts";
export { currentRates, listRates, requireOffered, type RateRow } from "./queries.ts";
export { clearRate, setRate } from "./commands.ts";
