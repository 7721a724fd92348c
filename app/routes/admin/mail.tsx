import { data } from "react-router";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { AdminHeader } from "../../components/admin/admin-ui.tsx";
import { MailCard } from "../../components/admin/linkified-text.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/mail";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Kept mail");

/**
 * The mail the store kept instead of sending (no SMTP_URL): super_admins only (the "mail" permission), since
 * its links verify addresses and reset passwords.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "mail", "read");
  const mails = await context.useCases.mail.listKeptMail();
  return data({ mails, smtp: context.mailDelivery === "smtp" }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "mail", "read");
  throw data(null, { status: 405, headers: noStore });
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { mails, smtp } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <AdminHeader title="Kept mail">
        <p className="mt-2 text-muted">
          {smtp
            ? "SMTP_URL is set: new mail is sent. Below is what was kept while it was not."
            : "SMTP_URL is not set, so the store keeps its mail here instead of sending it. Open a link to verify an address or reset a password."}
        </p>
      </AdminHeader>
      {mails.length === 0 ? (
        <p className="mt-8 rounded border border-line bg-card px-4 py-10 text-center">No kept mail.</p>
      ) : (
        <ol className="mt-8 space-y-4" aria-label="Kept mail, newest first">
          {mails.map((mail) => (
            <li key={mail.id}>
              <MailCard
                id={String(mail.id)}
                subject={mail.subject}
                to={mail.to}
                sent={<time dateTime={mail.createdAt.toISOString()}>{storeDateTime(mail.createdAt)}</time>}
                text={mail.text}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
