import { data } from "react-router";
import { Link, metaIntl, useT } from "../i18n/index.ts";
import { firstWords, localizeText } from "../lib/i18n.server.ts";
import { newsletterField, subscribeSchema } from "../../core/newsletter/index.ts";
import { SubscribeForm } from "../components/newsletter/subscribe-form.tsx";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import type { SubscribeResult } from "../components/newsletter/types.ts";
import type { Route } from "./+types/newsletter";
import { pageSocialMeta } from "../lib/social.ts";
import { noStore } from "../lib/private-page.ts";


export const meta: Route.MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  const title = intl.formatMessage({ id: "newsletter.pageTitle" });
  const description = intl.formatMessage({ id: "newsletter.description" });
  return [{ title: `${title} | East Harlem` }, { name: "description", content: description }, ...pageSocialMeta(matches, "newsletter", title, description)];
};

/**
 * The subscribe boxes post here: through a fetcher (answered with the result, shown in the box), or as a
 * plain form without JavaScript (answered with this page and the same message). Every accepted address
 * gets the same answer, whether it was new, waiting, subscribed or gone.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const parsed = subscribeSchema.safeParse(fields);
  const email = (fields.email ?? "").slice(0, 254);
  if (!parsed.success) {
    const message = firstWords(request, parsed.error, newsletterField("account.error.invalidEmail"));
    return data<SubscribeResult>({ ok: false, error: message, fieldError: message, email }, { status: 400, headers: noStore });
  }
  try {
    await context.useCases.newsletter.subscribe({ ...parsed.data, language: requestLocale(request) }, context.clientIp);
  } catch (error) {
    const refused = expectDomainError(error);
    context.log.warn({ clientIp: context.clientIp }, "newsletter sign-ups throttled");
    return data<SubscribeResult>({ ok: false, error: localizeText(request, refused), email }, { status: refused.status, headers: noStore });
  }
  return data<SubscribeResult>({ ok: true, message: localizeText(request, newsletterField("newsletter.message.checkInbox")) }, { headers: noStore });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="font-display text-h1">{t("newsletter.heading")}</h1>
      <p className="mt-3">{t("newsletter.pitch")}</p>
      <section aria-labelledby="newsletter-form-heading" className="mt-8 rounded-lg bg-ink px-6 py-8 text-paper">
        <h2 id="newsletter-form-heading" className="font-display text-h2">
          {t("newsletter.stayInTheLoop")}
        </h2>
        <div className="mt-4">
          <SubscribeForm idPrefix="newsletter-page" source="page" result={actionData} />
        </div>
      </section>
      <p className="mt-8">
        <Link to="/shop" className="underline">
          {t("newsletter.backToShop")}
        </Link>
      </p>
    </div>
  );
}
