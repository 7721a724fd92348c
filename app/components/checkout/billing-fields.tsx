import { inputClass, labelClass } from "../account/page-shell.tsx";

/** Countries offered in the billing form; US first and the default (SPEC section 9). */
export const COUNTRIES: readonly [string, string][] = [
  ["US", "United States"],
  ["CA", "Canada"],
  ["MX", "Mexico"],
  ["PR", "Puerto Rico"],
  ["DO", "Dominican Republic"],
  ["GB", "United Kingdom"],
  ["IE", "Ireland"],
  ["FR", "France"],
  ["DE", "Germany"],
  ["ES", "Spain"],
  ["IT", "Italy"],
  ["NL", "Netherlands"],
  ["JP", "Japan"],
  ["AU", "Australia"],
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
  const errorId = `${name}-error`;
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-muted"> (optional)</span>}
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
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Billing details</legend>
      <Field name="fullName" label="Full name" autoComplete="name" required defaultValue={values.fullName} errors={errors} />
      <Field name="email" label="Email" type="email" autoComplete="email" required defaultValue={values.email} errors={errors} />
      <div className="sm:col-span-2">
        <Field name="street" label="Address" autoComplete="address-line1" defaultValue={values.street} errors={errors} />
      </div>
      <Field name="city" label="City" autoComplete="address-level2" defaultValue={values.city} errors={errors} />
      <Field name="state" label="State" autoComplete="address-level1" defaultValue={values.state} errors={errors} />
      <Field name="zipCode" label="ZIP code" autoComplete="postal-code" defaultValue={values.zipCode} errors={errors} />
      <div>
        <label htmlFor="country" className={labelClass}>
          Country
        </label>
        <select id="country" name="country" defaultValue={values.country || "US"} autoComplete="country" className={inputClass}>
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/** The test-mode card form: ours, since no money moves. Its values are never sent back to the page. */
export function TestCardFields({ errors }: { errors: FieldErrors }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
      <legend className="sr-only">Card</legend>
      <Field name="cardNumber" label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" required errors={errors} maxLength={23} />
      <Field name="cardExpiry" label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" required errors={errors} maxLength={7} />
      <Field name="cardCvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required errors={errors} maxLength={4} />
    </fieldset>
  );
}
