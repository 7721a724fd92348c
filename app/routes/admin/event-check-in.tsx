import { data } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { checkInSchema, type CheckInResult } from "../../../core/events/index.ts";
import { formatTicketCode } from "../../../core/events/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader } from "../../components/admin/admin-ui.tsx";
import { Field } from "../../components/admin/product-form.tsx";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import { eventActor } from "../../lib/events.server.ts";
import type { Route } from "./+types/event-check-in";
import { noStore } from "../../lib/private-page.ts";
import { fieldWords } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Check-in");
export const ErrorBoundary = AdminErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "events", "read");
  return data({}, { headers: noStore });
}

type Result = { result?: Omit<CheckInResult, "at"> & { at?: string }; fields?: Record<string, string> };

/** A scanner types the code and presses Enter into the field; staff may type it by hand. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "events", "update");
  const fields = await readForm(request);
  const parsed = checkInSchema.safeParse(fields);
  if (!parsed.success) return data<Result>({ fields: fieldWords(request, parsed.error) }, { status: 400, headers: noStore });
  const result = await context.useCases.events.checkInTicket(eventActor(actor), parsed.data.code);
  const shown = "at" in result ? { ...result, at: result.at.toISOString() } : result;
  return data<Result>({ result: shown }, { status: result.kind === "checked_in" ? 200 : 409, headers: noStore });
}

const TONE = {
  checked_in: "border-ok text-ok",
  already: "border-danger text-danger",
  void: "border-danger text-danger",
  unknown: "border-danger text-danger",
} as const;

const HEADLINE = { checked_in: "Admit", already: "Already used", void: "Voided ticket", unknown: "Unknown code" } as const;

export default function AdminCheckIn({ actionData }: Route.ComponentProps) {
  const result = (actionData as Result | undefined)?.result;
  const errors = (actionData as Result | undefined)?.fields;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <AdminHeader title="Check-in">
        <p className="mt-3">
          <Link to="/admin/events" className={secondaryButton}>
            All events
          </Link>
        </p>
      </AdminHeader>
      {result ? (
        <div role={result.kind === "checked_in" ? "status" : "alert"} className={`mt-6 rounded border-2 p-4 ${TONE[result.kind]}`} data-testid="check-in-result">
          <p className="text-2xl font-black uppercase">{HEADLINE[result.kind]}</p>
          <p className="mt-1 text-lg font-semibold">{result.message}</p>
          <p className="mt-1 font-mono">{formatTicketCode(result.code)}</p>
        </div>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        <Field id="code" label="Ticket code" hint="Type the code or scan the QR code into this field." error={errors?.code}>
          {(aria) => <input {...aria} name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false} autoFocus className={`${inputClass} font-mono text-lg`} />}
        </Field>
        <div>
          <button type="submit" className={primaryButton}>
            Check in
          </button>
        </div>
      </Form>
    </div>
  );
}
