import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Form } from "../../i18n/index.ts";
import { primaryButton } from "../account/page-shell.tsx";

/**
 * The page of a mail's token link (app/lib/token-page.server.ts): the question and its button while the
 * link is good, what was done once it is (or, `alreadyDone`, was before), the refusal of a POST, or the
 * bad link's text. The button posts the token as a field; without JavaScript it is a plain form.
 */
export function TokenActionPage(props: {
  token: string | null;
  result: { ok: boolean; error?: string } | undefined;
  alreadyDone?: boolean;
  texts: { heading: string; doneHeading: string; doneText: string; button: string; busy: string; badLink: string };
  question: ReactNode;
  /** The answer is announced as it changes (a live region around it). */
  live?: boolean;
  /** The links under the page, knowing whether it is done. */
  footer: (done: boolean) => ReactNode;
}) {
  const { token, result, texts } = props;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const done = result?.ok === true || (!result && props.alreadyDone === true);
  const answer = done ? (
    <p role="status" className="mt-4">
      {texts.doneText}
    </p>
  ) : result && !result.ok ? (
    <p role="alert" className="mt-4">
      {result.error}
    </p>
  ) : token ? (
    <Form method="post" className="mt-6 space-y-4">
      <p>{props.question}</p>
      <input type="hidden" name="token" value={token} />
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? texts.busy : texts.button}
      </button>
    </Form>
  ) : (
    <p role="alert" className="mt-4">
      {texts.badLink}
    </p>
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-h1">{done ? texts.doneHeading : texts.heading}</h1>
      {props.live ? <div aria-live="polite">{answer}</div> : answer}
      {props.footer(done)}
    </div>
  );
}
