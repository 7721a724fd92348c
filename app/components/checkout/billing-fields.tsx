import { SHIPPING_COUNTRIES, type ShippingCountry } from "../../../core/checkout/rules.ts";
import { useT, type MessageId } from "../../i18n/index.ts";
import { inputClass, labelClass } from "../account/page-shell.tsx";

/** Each country's name: the catalogue's, in the page's language; a name written the same in English and Spanish is given as it is. */
const COUNTRY_NAMES: Record<ShippingCountry, MessageId | { name: string }> = {
  US: "checkout.country.US",
  CA: "checkout.country.CA",
  MX: "checkout.country.MX",
  PR: { name: "Puerto Rico" },
  DO: "checkout.country.DO",
  GB: "checkout.country.GB",
  IE: "checkout.country.IE",
  FR: "checkout.country.FR",
  DE: "checkout.country.DE",
  ES: "checkout.country.ES",
  IT: "checkout.country.IT",
  NL: "checkout.country.NL",
  JP: "checkout.country.JP",
  AU: { name: "Australia" },
};

/** Countries offered in the checkout form: where the store ships, US first and the default (SPEC section 9). */
export const COUNTRIES = SHIPPING_COUNTRIES.map((code) => [code, COUNTRY_NAMES[code]] as const);

export type FieldErrors = Record<string, string>;

function Field({
  name,
  label,
  errors,
  defaultValue,
  required = false,
  ...input
}: { name: string; label: string; errors: FieldErrors; defaultValue?: string; required?: boolean } & React.InputHTMLAttributes<HTMLInputElement>) {
  const error = errors[name];
  const t = useT();
  const errorId = `${name}-error`;
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-muted"> {t("checkout.field.optional")}</span>}
      </label>
      <input
        id={name}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CountrySelect({ name, value, errors }: { name: string; value: string | undefined; errors: FieldErrors }) {
  const t = useT();
  const error = errors[name];
  const errorId = `${name}-error`;
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {t("checkout.field.country")}
      </label>
      <select
        id={name}
        name={name}
        defaultValue={value || "US"}
        autoComplete={name === "country" ? "shipping country" : "billing country"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      >
        {COUNTRIES.map(([code, label]) => (
          <option key={code} value={code}>
            {typeof label === "string" ? t(label) : label.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An address's fields, by their names in core (and in the form, for the address the order ships to). */
export const ADDRESS_FIELDS = ["street", "city", "state", "zipCode", "country"] as const;
/** The form's name of a billing address field ("street" -> "billingStreet"). */
export const billingFieldName = (field: string) => `billing${field[0]!.toUpperCase()}${field.slice(1)}`;
/** Billing errors keyed by the form's names (the buyer's name and email keep theirs). */
export const billingFieldErrors = <V,>(errors: Record<string, V>): Record<string, V> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [(ADDRESS_FIELDS as readonly string[]).includes(field) ? billingFieldName(field) : field, message]));

/** An address's fields: the shipping address under the fields' own names, the billing address under `billing...`. */
function AddressFields({ of, required, values, errors }: { of: "shipping" | "billing"; required: boolean; values: Record<string, string>; errors: FieldErrors }) {
  const t = useT();
  const name = (field: string) => (of === "billing" ? billingFieldName(field) : field);
  // The section in autocomplete keeps the browser's autofill of the two addresses apart.
  const section = of;
  return (
    <>
      <div className="sm:col-span-2">
        <Field name={name("street")} label={t("checkout.field.address")} autoComplete={`${section} address-line1`} required={required} defaultValue={values[name("street")]} errors={errors} />
      </div>
      <Field name={name("city")} label={t("checkout.field.city")} autoComplete={`${section} address-level2`} required={required} defaultValue={values[name("city")]} errors={errors} />
      <Field name={name("state")} label={t("checkout.field.state")} autoComplete={`${section} address-level1`} required={required} defaultValue={values[name("state")]} errors={errors} />
      <Field name={name("zipCode")} label={t("checkout.field.zipCode")} autoComplete={`${section} postal-code`} required={required} defaultValue={values[name("zipCode")]} errors={errors} />
      <CountrySelect name={name("country")} value={values[name("country")]} errors={errors} />
    </>
  );
}

/** Where the order ships: every field required (checked per country on the server). */
export function ShippingFields({ values, errors }: { values: Record<string, string>; errors: FieldErrors }) {
  const t = useT();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t("checkout.section.shipping")}</legend>
      <AddressFields of="shipping" required values={values} errors={errors} />
    </fieldset>
  );
}

/**
 * Full name and email required; the billing address optional (SPEC section 5). When the order ships, the
 * billing address is the shipping address unless another is given, behind a disclosure that works without
 * JavaScript and opens by itself when it holds something.
 */
export function BillingFields({ values, errors, ships }: { values: Record<string, string>; errors: FieldErrors; ships: boolean }) {
  const t = useT();
  const billingGiven = ADDRESS_FIELDS.some((field) => field !== "country" && (values[billingFieldName(field)] || errors[billingFieldName(field)]));
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t("checkout.section.billing")}</legend>
      <Field name="fullName" label={t("checkout.field.fullName")} autoComplete="name" required defaultValue={values.fullName} errors={errors} />
      <Field name="email" label={t("checkout.field.email")} type="email" autoComplete="email" required defaultValue={values.email} errors={errors} />
      {ships ? (
        <details className="sm:col-span-2" open={billingGiven}>
          <summary className="cursor-pointer py-2 font-semibold underline">{t("checkout.billingOther")}</summary>
          <fieldset className="mt-3 grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm text-muted">
              <span className="sr-only">{t("checkout.billingAddress")}: </span>
              {t("checkout.billingOtherHint")}
            </legend>
            <AddressFields of="billing" required={false} values={values} errors={errors} />
          </fieldset>
        </details>
      ) : (
        <AddressFields of="billing" required={false} values={values} errors={errors} />
      )}
    </fieldset>
  );
}

/** The test-mode card form: ours, since no money moves. Its values are never sent back to the page. */
export function TestCardFields({ errors }: { errors: FieldErrors }) {
  const t = useT();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
      <legend className="sr-only">{t("checkout.card")}</legend>
      <Field name="cardNumber" label={t("checkout.field.cardNumber")} inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" required errors={errors} maxLength={23} />
      <Field name="cardExpiry" label={t("checkout.field.cardExpiry")} autoComplete="cc-exp" placeholder={t("checkout.field.cardExpiryPlaceholder")} required errors={errors} maxLength={7} />
      <Field name="cardCvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required errors={errors} maxLength={4} />
    </fieldset>
  );
}
