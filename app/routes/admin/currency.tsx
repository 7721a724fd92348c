import { data, redirect, useNavigation } from "react-router";
import { Form } from "../../i18n/index.ts";
import { rateChangeSchema } from "../../../core/currency/index.ts";
import { convertUsdCents, CURRENCY_NAMES, FOREIGN_CURRENCIES, formatRate, type ForeignCurrency } from "../../../core/currency/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, Notice, primaryButton, secondaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader } from "../../components/admin/admin-ui.tsx";
import { Field } from "../../components/admin/product-form.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { formatCents, formatMinorUnits } from "../../lib/format.ts";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/currency";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { fieldWords } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Currency rates");

/** The sample price each rate is shown against, so a mistyped rate shows at a glance. */
const SAMPLE_CENTS = 5500;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "settings", "read");
  const rates = await context.useCases.currency.listRates();
  const done = new URL(request.url).searchParams.get("done");
  return data({ rates, done: done === "set" || done === "cleared" ? done : null }, { headers: noStore });
}

type RateFormResult = { currency: string; rate: string; fields: Record<string, string> };

/** Set or clear one currency's rate; each change is audited (core/currency/commands.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "settings", "update");
  const form = await readForm(request);
  const parsed = rateChangeSchema.safeParse(form);
  if (!parsed.success) {
    return data<RateFormResult>({ currency: form.currency ?? "", rate: (form.rate ?? "").slice(0, 20), fields: fieldWords(request, parsed.error) }, { status: 400, headers: noStore });
  }
  const change = parsed.data;
  if (change.intent === "set") {
    const { changed } = await context.useCases.currency.setRate(actor, change.currency, change.rate);
    if (changed) context.log.info({ currency: change.currency, rate: formatRate(change.rate), actor: actor.email }, "exchange rate set");
    throw redirect(`/admin/currency?done=set#rate-${change.currency}`, { headers: noStore });
  }
  const { changed } = await context.useCases.currency.clearRate(actor, change.currency);
  if (changed) context.log.info({ currency: change.currency, actor: actor.email }, "exchange rate cleared");
  throw redirect(`/admin/currency?done=cleared#rate-${change.currency}`, { headers: noStore });
}

export default function AdminCurrency({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as RateFormResult | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AdminHeader title="Currency rates">
        <p className="mt-3 max-w-prose">
          Shoppers may see prices in a currency that has a rate here, marked as approximate. Every charge, order and receipt stays in US
          dollars. A currency without a rate is not offered.
        </p>
      </AdminHeader>
      <div className="mt-8 space-y-6">
        {done ? <Notice tone="ok">{done === "set" ? "Rate saved." : "Rate cleared."}</Notice> : null}
        {FOREIGN_CURRENCIES.map((code) => {
          const rate = rates.find((r) => r.currency === code) ?? null;
          const mine = result && result.currency === code ? result : null;
          return <RateCard key={code} code={code} rate={rate} result={mine} busy={busy} />;
        })}
      </div>
    </div>
  );
}

function RateCard({ code, rate, result, busy }: { code: ForeignCurrency; rate: Route.ComponentProps["loaderData"]["rates"][number] | null; result: RateFormResult | null; busy: boolean }) {
  const id = `rate-${code}`;
  return (
    <div id={id}>
      <Section title={`${code}: ${CURRENCY_NAMES[code]}`} id={`${id}-heading`}>
        <p data-testid={`${id}-status`}>
          {rate ? (
            <>
              1 USD = {formatRate(rate.rateMicros)} {code}, so {formatCents(SAMPLE_CENTS)} shows as about{" "}
              {formatMinorUnits(convertUsdCents(SAMPLE_CENTS, rate.rateMicros, code), code)}.
              <span className="block text-sm text-muted">
                Set by {rate.setByEmail}, {storeDateTime(rate.setAt)}
              </span>
            </>
          ) : (
            <>Not set: shoppers cannot choose {code}.</>
          )}
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="currency" value={code} />
          <div className="w-full sm:w-56">
            <Field id={`${id}-input`} label={`${code} per US dollar`} error={result?.fields.rate}>
              {(aria) => (
                <input
                  {...aria}
                  name="rate"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={20}
                  defaultValue={result ? result.rate : rate ? formatRate(rate.rateMicros) : ""}
                  className={inputClass}
                />
              )}
            </Field>
          </div>
          <button type="submit" name="intent" value="set" disabled={busy} className={primaryButton}>
            Save rate<span className="sr-only"> for {code}</span>
          </button>
          {rate ? (
            <button type="submit" name="intent" value="clear" disabled={busy} className={secondaryButton}>
              Clear rate<span className="sr-only"> for {code}</span>
            </button>
          ) : null}
        </Form>
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
