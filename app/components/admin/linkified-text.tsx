import { Fragment, type ReactNode } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** A mail's plain text with its web addresses as links (the kept-mail page, the development outbox). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** One mail as the kept-mail page and the development outbox show it: its subject, who and when, its text. */
export function MailCard({ id, subject, to, sent, text }: { id: string; subject: string; to: string; sent: ReactNode; text: string }) {
  return (
    <article aria-labelledby={`mail-${id}`} className="rounded border border-line bg-card p-4">
      <h2 id={`mail-${id}`} className="text-lg font-bold break-words">
        {subject}
      </h2>
      <p className="mt-1 text-sm text-muted break-words">
        To {to} · {sent}
      </p>
      <pre className="mt-3 font-sans text-sm whitespace-pre-wrap break-words">
        <LinkifiedText text={text} />
      </pre>
    </article>
  );
}
