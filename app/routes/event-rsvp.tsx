import { data } from "react-router";
import { Form, Link, metaIntl, useT } from "../i18n/index.ts";
import { rsvpTokenSchema, type EventError } from "../../core/events/index.ts";
import { buttonClass } from "../components/content/buttons.tsx";
import { useRichT } from "../components/content/rich-text.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { localizeText, requestLocale, serverT } from "../lib/i18n.server.ts";
import type { Route } from "./+types/event-rsvp";

/**
 * The links in RSVP mail: /events/rsvp/confirm?token=... confirms a guest's RSVP when opened (like an email
 * verification link); /events/rsvp/cancel?token=... shows a button, and only the POST cancels, so a mail
 * scanner opening links cannot cancel anyone's places.
 */

type Shown =
  | { kind: "confirmed" | "waitlisted" | "cancelled"; eventSlug: string; eventTitle: string; partySize: number }
  | { kind: "ask_cancel"; token: string }
  | { kind: "invalid"; message: string };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const step = params.step;
  if (step !== "confirm" && step !== "cancel") throw data(null, { status: 404 });
  const token = rsvpTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  if (!token.success) return data<Shown>({ kind: "invalid", message: serverT(request)("events.error.linkIncomplete") }, { status: 400 });
  if (step === "cancel") return { kind: "ask_cancel", token: token.data } satisfies Shown;
  try {
    const result = await context.useCases.events.confirmRsvp(token.data, requestLocale(request));
    return { kind: result.status, eventSlug: result.eventSlug, eventTitle: result.eventTitle, partySize: result.partySize } satisfies Shown;
  } catch (error) {
    const domain = expectDomainError(error) as EventError;
    return data<Shown>({ kind: "invalid", message: localizeText(request, domain) }, { status: domain.status });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (params.step !== "cancel") throw data(null, { status: 405 });
  const fields = await readForm(request);
  const token = rsvpTokenSchema.safeParse(fields.token);
  if (!token.success) return data<Shown>({ kind: "invalid", message: serverT(request)("events.error.linkIncomplete") }, { status: 400 });
  try {
    const result = await context.useCases.events.cancelRsvp(token.data, requestLocale(request));
    return { kind: "cancelled", eventSlug: result.eventSlug, eventTitle: result.eventTitle, partySize: result.partySize } satisfies Shown;
  } catch (error) {
    const domain = expectDomainError(error);
    return data<Shown>({ kind: "invalid", message: localizeText(request, domain) }, { status: domain.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaIntl(matches).formatMessage({ id: "events.rsvpPage.title" }) }, { name: "robots", content: "noindex" }];

const bold = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;

export default function EventRsvp({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const rich = useRichT();
  const shown: Shown = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-h1 font-black">{t("events.rsvpPage.heading")}</h1>
      <div className="mt-6 grid gap-4 text-lg">
        {shown.kind === "confirmed" ? (
          <p role="status">
            {rich("events.rsvpPage.confirmed", { event: shown.eventTitle, people: t("events.rsvpPage.people", { count: shown.partySize }), b: bold })}
          </p>
        ) : null}
        {shown.kind === "waitlisted" ? (
          <p role="status">{rich("events.rsvpPage.waitlisted", { event: shown.eventTitle, count: String(shown.partySize), b: bold })}</p>
        ) : null}
        {shown.kind === "cancelled" ? (
          <p role="status">{rich("events.rsvpPage.cancelled", { event: shown.eventTitle, b: bold })}</p>
        ) : null}
        {shown.kind === "invalid" ? (
          <p role="alert" className="text-danger">
            {shown.message}
          </p>
        ) : null}
        {shown.kind === "ask_cancel" ? (
          <Form method="post">
            <p className="mb-4">{t("events.rsvpPage.ask")}</p>
            <input type="hidden" name="token" value={shown.token} />
            <button type="submit" className={buttonClass("ink")}>
              {t("events.rsvpPage.cancel")}
            </button>
          </Form>
        ) : null}
        {"eventSlug" in shown ? (
          <p>
            <Link to={`/events/${shown.eventSlug}`} className="font-semibold underline">
              {t("events.rsvpPage.back", { event: shown.eventTitle })}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
