import { useT, type MessageId } from "../../i18n/index.ts";
import { inputClass, labelClass } from "../account/page-shell.tsx";

/**
 * Countries offered in the billing form; US first and the default (SPEC section 9). Each name is the
 * catalogue's, in the page's language; a name written the same in English and Spanish is given as it is.
 */
export const COUNTRIES: readonly [string, MessageId | { name: string }][] = [
  ["US", "checkout.country.US"],
  ["CA", "checkout.country.CA"],
  ["MX", "checkout.country.MX"],
  ["PR", { name: "Puerto Rico" }],
  ["DO", "checkout.country.DO"],
  ["GB", "checkout.country.GB"],
  ["IE", "checkout.country.IE"],
  ["FR", "checkout.country.FR"],
  ["DE", "checkout.country.DE"],
  ["ES", "checkout.country.ES"],
  ["IT", "checkout.country.IT"],
  ["NL", "checkout.country.NL"],
  ["JP", "checkout.country.JP"],
  ["AU", { name: "Australia" }],
];

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

/** Full name and email required; the address optional; country defaults to US. */
export function BillingFields({ values, errors }: { values: Record<string, string>; errors: FieldErrors }) {
  const t = useT();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t("checkout.section.billing")}</legend>
      <Field name="fullName" label={t("checkout.field.fullName")} autoComplete="name" required defaultValue={values.fullName} errors={errors} />
      <Field name="email" label={t("checkout.field.email")} type="email" autoComplete="email" required defaultValue={values.email} errors={errors} />
      <div className="sm:col-span-2">
        <Field name="street" label={t("checkout.field.address")} autoComplete="address-line1" defaultValue={values.street} errors={errors} />
      </div>
      <Field name="city" label={t("checkout.field.city")} autoComplete="address-level2" defaultValue={values.city} errors={errors} />
      <Field name="state" label={t("checkout.field.state")} autoComplete="address-level1" defaultValue={values.state} errors={errors} />
      <Field name="zipCode" label={t("checkout.field.zipCode")} autoComplete="postal-code" defaultValue={values.zipCode} errors={errors} />
      <div>
        <label htmlFor="country" className={labelClass}>
          {t("checkout.field.country")}
        </label>
        <select id="country" name="country" defaultValue={values.country || "US"} autoComplete="country" className={inputClass}>
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {typeof name === "string" ? t(name) : name.name}
            </option>
          ))}
        </select>
      </div>
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
