/**
 * The shipping address, checked per country (server only: the postal codes come from validator's patterns,
 * the states and provinces from country-region-data). Where the order ships must be an address a carrier
 * can take: line 1, city, postal code and country always; the state or province where that country's
 * addresses carry one (the United States, Canada, Mexico, Australia), and then one of that country's.
 */
import { AU, CA, MX, US, type CountryData } from "country-region-data";
import validator from "validator";
import { z } from "zod";
import { fieldTexts } from "../shared/field-text.ts";
import type { TextRef } from "../shared/text.ts";
import { field, SHIPPING_COUNTRIES, type ShippingCountry } from "./rules.ts";

/** A country's states or provinces, by code and by name (any case), to its code. */
function regionsOf(country: CountryData): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const [name, code] of country[2]) {
    byKey.set(code.toLowerCase(), code);
    byKey.set(name.toLowerCase(), code);
  }
  return byKey;
}

/** Countries whose addresses need a state or province (the US: its states, DC, territories and military post). */
const REGIONS: Record<string, Map<string, string>> = { US: regionsOf(US), CA: regionsOf(CA), MX: regionsOf(MX), AU: regionsOf(AU) };

const postalLocales = new Set<string>(validator.isPostalCodeLocales);

/** Whether a postal code is of the country's form (US: 5 digits, or ZIP+4); any for a country without a known form. */
export function postalCodeFits(country: string, code: string): boolean {
  return postalLocales.has(country) ? validator.isPostalCode(code, country as validator.PostalCodeLocale) : code.length > 0;
}

/** The code of a country's state or province as typed ("ny", "New York" -> "NY"); null when it is not one; the text itself where the country has no list. */
export function regionCodeOf(country: string, typed: string): string | null {
  const regions = REGIONS[country];
  if (!regions) return typed;
  return regions.get(typed.replace(/\s+/g, " ").trim().toLowerCase()) ?? null;
}

const text = (max: number) => z.string().trim().max(max, field("checkout.domain.maxChars")).optional().default("");
const shipsTo = (country: string): country is ShippingCountry => (SHIPPING_COUNTRIES as readonly string[]).includes(country);

/**
 * The address the order ships to, as the checkout form and the app send it. Every field is checked at once
 * and says what is wrong with it, by a text's id (the doors word it).
 */
export const shippingAddressSchema = z
  .object({
    street: text(200),
    city: text(100),
    state: text(100),
    zipCode: text(20),
    country: z
      .string()
      .trim()
      .optional()
      .transform((c) => (c ? c.toUpperCase() : "US")),
  })
  .superRefine((address, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!address.street) issue("street", field("checkout.domain.streetRequired"));
    if (!address.city) issue("city", field("checkout.domain.cityRequired"));
    const { country } = address;
    if (!shipsTo(country)) return issue("country", field("checkout.domain.shippingCountryInvalid"));
    if (!address.zipCode) issue("zipCode", field("checkout.domain.postalCodeRequired"));
    else if (!postalCodeFits(country, address.zipCode.toUpperCase())) issue("zipCode", country === "US" ? field("checkout.domain.zipInvalid") : field("checkout.domain.postalCodeInvalid"));
    if (!REGIONS[country]) return;
    if (!address.state) issue("state", field("checkout.domain.stateRequired"));
    else if (!regionCodeOf(country, address.state)) issue("state", country === "US" ? field("checkout.domain.usStateInvalid") : field("checkout.domain.regionInvalid"));
  })
  .transform((address) => {
    const country = address.country as ShippingCountry;
    return { ...address, country, state: regionCodeOf(country, address.state) ?? address.state, zipCode: address.zipCode.toUpperCase() };
  });
export type ShippingAddressInput = z.output<typeof shippingAddressSchema>;

/** An address as typed: every field optional (an absent field reads as an empty one). */
export type AddressFields = Partial<Record<"street" | "city" | "state" | "zipCode" | "country", string | undefined>>;

/** Whether an address was typed at all: the country alone, which has a default, is not an address. */
export function addressTyped(address: AddressFields): boolean {
  return [address.street, address.city, address.state, address.zipCode].some((part) => part !== undefined && part !== "");
}

/** Each field's message when no shipping address came at all (a cart that ships needs one): the form's own, for an empty one. */
export function missingShippingFields(): Record<string, TextRef> {
  const parsed = shippingAddressSchema.safeParse({});
  return parsed.success ? {} : fieldTexts(parsed.error);
}
