import { data } from "react-router";
import { guardedMeta } from "../components/account/auth-guard.tsx";
import { MailCard } from "../components/admin/linkified-text.tsx";
import type { Route } from "./+types/dev-outbox";

export const meta: Route.MetaFunction = guardedMeta("Outbox");

/** Development only: the mail the store would have sent, kept while no SMTP server is configured. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.isDevelopment) throw data(null, { status: 404 });
  const mails = await context.useCases.mail.listOutbox();
  return data(
    { mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), smtp: context.mailDelivery === "smtp" },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const time = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { mails, smtp } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">Outbox</h1>
      <p className="mt-2 text-muted">
        Development only. Every mail the store writes passes through here.{" "}
        {smtp ? "SMTP_URL is set, so the mail worker sends it for real." : "SMTP_URL is unset, so mail is kept here and not delivered."}
      </p>
      {mails.length === 0 ? (
        <p className="mt-8 rounded border border-line bg-card px-4 py-10 text-center">No mail yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {mails.map((mail) => (
            <li key={mail.id}>
              <MailCard
                id={String(mail.id)}
                subject={mail.subject}
                to={mail.to}
                sent={
                  <>
                    <time dateTime={mail.createdAt}>{time.format(new Date(mail.createdAt))} UTC</time> · {mail.status}
                  </>
                }
                text={mail.text}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
