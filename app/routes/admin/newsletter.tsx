import { data, redirect, useNavigation } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { campaignSchema } from "../../../core/newsletter/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, Notice, primaryButton, secondaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { Field } from "../../components/admin/product-form.tsx";
import { NewsletterBody } from "../../components/newsletter/newsletter-body.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import { CAMPAIGN_BATCH_SIZE } from "../../../core/newsletter/rules.ts";
import type { Route } from "./+types/newsletter";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { fieldWords } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Newsletter");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "newsletter", "read");
  const [counts, campaigns] = await Promise.all([context.useCases.newsletter.subscriberCounts(), context.useCases.newsletter.listCampaigns()]);
  const done = new URL(request.url).searchParams.get("done");
  return data({ counts, campaigns, sent: done === "sent" }, { headers: noStore });
}

type ComposeValues = { subject: string; body: string; subjectEs: string; bodyEs: string };
type ComposeResult = { values: ComposeValues; fields?: Record<string, string>; confirm?: boolean; spanish?: boolean };

/**
 * Compose and send: the first press checks the newsletter and shows it as it will read with the number of
 * recipients; "Send" on that step creates the campaign (audited), whose job mails the confirmed subscribers.
 * A Spanish subject and message, written both or neither, go to the subscribers whose language is Spanish.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "newsletter", "create");
  const fields = await readForm(request, { multiline: ["body", "bodyEs"] });
  const values: ComposeValues = { subject: fields.subject ?? "", body: fields.body ?? "", subjectEs: fields.subjectEs ?? "", bodyEs: fields.bodyEs ?? "" };
  const parsed = campaignSchema.safeParse(values);
  if (!parsed.success) return data<ComposeResult>({ values, fields: fieldWords(request, parsed.error) }, { status: 400, headers: noStore });
  if (fields.confirmed !== "yes") {
    const { subject, body, spanish } = parsed.data;
    const shown = { subject, body, subjectEs: spanish?.subject ?? "", bodyEs: spanish?.body ?? "" };
    return data<ComposeResult>({ values: shown, confirm: true, spanish: Boolean(spanish) }, { headers: noStore });
  }
  const id = await context.useCases.newsletter.createCampaign(actor, parsed.data);
  context.log.info({ campaignId: id, actor: actor.email }, "newsletter campaign created");
  throw redirect("/admin/newsletter?done=sent", { headers: noStore });
}

const STATUS_LABEL = { sending: "Sending", sent: "Sent" } as const;

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, campaigns, sent: loaderSent } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const sent = useDone(loaderSent);
  const result = actionData as ComposeResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const cards = [
    { label: "Confirmed", value: counts.confirmed, hint: "get the newsletter" },
    { label: "Waiting for confirmation", value: counts.pending, hint: "get nothing until they confirm" },
    { label: "Unsubscribed", value: counts.unsubscribed, hint: "get nothing" },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Newsletter" />
      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Subscribers">
        {cards.map((card) => (
          <li key={card.label} className="rounded border border-line bg-card p-4">
            <p className="text-sm text-muted">{card.label}</p>
            <p className="font-display mt-1 text-3xl">{card.value}</p>
            <p className="text-sm text-muted">{card.hint}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <a href="/admin/newsletter/export.csv" className={secondaryButton} download>
          Export confirmed subscribers (CSV)
        </a>
      </p>

      <div className="mt-8 space-y-6">
        {sent ? <Notice tone="ok">The newsletter is on its way: its mail is being queued for every confirmed subscriber.</Notice> : null}
        <Section title="Write a newsletter" id="compose-heading">
          {result?.confirm ? (
            <div role="alertdialog" aria-labelledby="confirm-send" className="space-y-4">
              <p id="confirm-send" className="font-semibold">
                Send "{result.values.subject}" to {counts.confirmed} confirmed {counts.confirmed === 1 ? "subscriber" : "subscribers"}?
              </p>
              <div className="rounded border border-line p-4">
                <p className="text-sm text-muted">Preview</p>
                <p className="font-display mt-1 text-xl">{result.values.subject}</p>
                <div className="mt-3">
                  <NewsletterBody body={result.values.body} />
                </div>
                <p className="mt-3 text-sm text-muted">Every mail ends with an unsubscribe link and carries one-click unsubscribe headers.</p>
              </div>
              {result.spanish ? (
                <div className="rounded border border-line p-4" lang="es">
                  <p className="text-sm text-muted" lang="en">
                    Spanish preview: subscribers whose language is Spanish get this one
                  </p>
                  <p className="font-display mt-1 text-xl">{result.values.subjectEs}</p>
                  <div className="mt-3">
                    <NewsletterBody body={result.values.bodyEs} />
                  </div>
                </div>
              ) : (
                <p className="text-sm text-muted">No Spanish version: every subscriber gets the English one.</p>
              )}
              <Form method="post" className="flex flex-wrap gap-3">
                <input type="hidden" name="subject" value={result.values.subject} />
                <input type="hidden" name="body" value={result.values.body} />
                <input type="hidden" name="subjectEs" value={result.values.subjectEs} />
                <input type="hidden" name="bodyEs" value={result.values.bodyEs} />
                <input type="hidden" name="confirmed" value="yes" />
                <button type="submit" disabled={busy} className={primaryButton}>
                  {busy ? "Sending..." : "Send newsletter"}
                </button>
                <Link to="/admin/newsletter" className={secondaryButton}>
                  Cancel
                </Link>
              </Form>
            </div>
          ) : (
            <Form method="post" className="space-y-4" noValidate>
              <Field id="subject" label="Subject" error={result?.fields?.subject}>
                {(aria) => <input {...aria} name="subject" defaultValue={result?.values.subject ?? ""} maxLength={150} className={inputClass} />}
              </Field>
              <Field
                id="body"
                label="Message"
                error={result?.fields?.body}
                hint="Blank lines start a new paragraph; lines starting with - make a list; # starts a heading; **bold**; links are written out in full (https://...)."
              >
                {(aria) => <textarea {...aria} name="body" rows={10} defaultValue={result?.values.body ?? ""} className="w-full rounded border border-line bg-card p-3" />}
              </Field>
              <fieldset className="space-y-4 rounded border border-line p-4">
                <legend className="px-1 font-semibold">Spanish (optional)</legend>
                <p className="text-sm text-muted">Subscribers whose language is Spanish get this version; leave both fields empty to send the English to everyone.</p>
                <Field id="subjectEs" label="Spanish subject" error={result?.fields?.subjectEs}>
                  {(aria) => <input {...aria} name="subjectEs" lang="es" defaultValue={result?.values.subjectEs ?? ""} maxLength={150} className={inputClass} />}
                </Field>
                <Field id="bodyEs" label="Spanish message" error={result?.fields?.bodyEs}>
                  {(aria) => <textarea {...aria} name="bodyEs" lang="es" rows={10} defaultValue={result?.values.bodyEs ?? ""} className="w-full rounded border border-line bg-card p-3" />}
                </Field>
              </fieldset>
              <button type="submit" disabled={busy} className={primaryButton}>
                Preview and send
              </button>
            </Form>
          )}
        </Section>

        <Section title="Sent newsletters" id="campaigns-heading">
          {campaigns.length === 0 ? (
            <p className="text-muted">No newsletter sent yet.</p>
          ) : (
            <>
              <p className="text-sm text-muted">Mail is queued {CAMPAIGN_BATCH_SIZE} subscribers at a time and delivered by the mail worker; reload to see progress.</p>
              <ResponsiveTable caption="Sent newsletters" columns={["Subject", "Sent by", "Started", "Status", "Queued", "Delivered", "Failed"]}>
                {campaigns.map((c) => (
                  <tr key={c.id} className={rowClass} data-campaign={c.id}>
                    <Cell label="Subject">{c.subject}</Cell>
                    <Cell label="Sent by">{c.createdByEmail}</Cell>
                    <Cell label="Started">{storeDateTime(c.createdAt)}</Cell>
                    <Cell label="Status">{STATUS_LABEL[c.status]}</Cell>
                    <Cell label="Queued">{c.queued}</Cell>
                    <Cell label="Delivered">{c.sent}</Cell>
                    <Cell label="Failed">{c.failed}</Cell>
                  </tr>
                ))}
              </ResponsiveTable>
            </>
          )}
        </Section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
