import { describe, expect, it } from "vitest";
import { englishFields, englishTexts } from "../../tests/field-words.ts";
import { missingShippingFields, shippingAddressSchema } from "./address.ts";
import { CHECKOUT_MESSAGES } from "../../tests/messages.ts";

const HARLEM = { street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };
const errorsOf = (address: Record<string, string>) => {
  const parsed = shippingAddressSchema.safeParse(address);
  return parsed.success ? {} : englishFields(parsed.error);
};

describe("a shipping address", () => {
  it("needs line 1, city, state and ZIP code, each with its own message", () => {
    const missing = {
      street: CHECKOUT_MESSAGES.streetRequired,
      city: CHECKOUT_MESSAGES.cityRequired,
      state: CHECKOUT_MESSAGES.stateRequired,
      zipCode: CHECKOUT_MESSAGES.postalCodeRequired,
    };
    expect(errorsOf({ street: " ", city: "", state: "", zipCode: "", country: "US" })).toEqual(missing);
    // No address at all is told the same, field by field.
    expect(englishTexts(missingShippingFields())).toEqual(missing);
    expect(errorsOf({ ...HARLEM, state: "" })).toEqual({ state: CHECKOUT_MESSAGES.stateRequired });
  });

  it("in the US takes a state by its code or name, answered as the code, and a 5-digit ZIP (or ZIP+4)", () => {
    expect(shippingAddressSchema.parse({ ...HARLEM, state: "new york" })).toMatchObject({ state: "NY", country: "US" });
    expect(shippingAddressSchema.parse({ ...HARLEM, state: "pr", zipCode: "00901" })).toMatchObject({ state: "PR" });
    expect(shippingAddressSchema.parse({ ...HARLEM, zipCode: "10035-2001" }).zipCode).toBe("10035-2001");
    expect(errorsOf({ ...HARLEM, state: "ZZ" })).toEqual({ state: CHECKOUT_MESSAGES.usStateInvalid });
    expect(errorsOf({ ...HARLEM, zipCode: "1003" })).toEqual({ zipCode: CHECKOUT_MESSAGES.zipInvalid });
    expect(errorsOf({ ...HARLEM, zipCode: "ABCDE" })).toEqual({ zipCode: CHECKOUT_MESSAGES.zipInvalid });
    // The country defaults to the US, as the form's does.
    expect(shippingAddressSchema.parse({ ...HARLEM, country: "" }).country).toBe("US");
  });

  it("is checked against the country chosen: its postal code's form, and its provinces where addresses carry one", () => {
    expect(shippingAddressSchema.parse({ street: "1 Yonge St", city: "Toronto", state: "Ontario", zipCode: "m5e 1w7", country: "CA" })).toMatchObject({ state: "ON", zipCode: "M5E 1W7" });
    expect(errorsOf({ street: "1 Yonge St", city: "Toronto", state: "Texas", zipCode: "10035", country: "CA" })).toEqual({
      state: CHECKOUT_MESSAGES.regionInvalid,
      zipCode: CHECKOUT_MESSAGES.postalCodeInvalid,
    });
    // A British address carries no county: none is asked for; its postcode is.
    expect(shippingAddressSchema.parse({ street: "10 Downing St", city: "London", state: "", zipCode: "SW1A 2AA", country: "gb" })).toMatchObject({ country: "GB", state: "" });
    expect(errorsOf({ street: "10 Downing St", city: "London", state: "", zipCode: "10035", country: "GB" })).toEqual({ zipCode: CHECKOUT_MESSAGES.postalCodeInvalid });
  });

  it("goes only where the store ships", () => {
    expect(errorsOf({ ...HARLEM, country: "ZZ" })).toEqual({ country: CHECKOUT_MESSAGES.shippingCountryInvalid });
    expect(errorsOf({ ...HARLEM, country: "BR" })).toEqual({ country: CHECKOUT_MESSAGES.shippingCountryInvalid });
  });
});
