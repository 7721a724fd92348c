import { inlineParts, parseBody } from "../../../core/newsletter/rules.ts";

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((p, i) =>
        p.kind === "text" ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === "bold" ? (
          <strong key={i}>{p.text}</strong>
        ) : (
          <a key={i} href={p.url} className="break-all underline" rel="noopener noreferrer">
            {p.url}
          </a>
        ),
      )}
    </>
  );
}

/** A newsletter's body as its mail shows it (the markdown-lite of core/newsletter/rules.ts), for the preview. */
export function NewsletterBody({ body }: { body: string }) {
  return (
    <div className="space-y-3">
      {parseBody(body).map((b, i) =>
        b.kind === "paragraph" ? (
          <p key={i}>
            <Inline text={b.text} />
          </p>
        ) : b.kind === "heading" ? (
          <p key={i} className="font-display text-lg">
            <Inline text={b.text} />
          </p>
        ) : (
          <ul key={i} className="list-disc pl-5">
            {b.items.map((item, j) => (
              <li key={j}>
                <Inline text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
