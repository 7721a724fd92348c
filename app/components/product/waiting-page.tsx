import { Monogram, Wordmark } from "../layout/brand.tsx";

/**
 * The light waiting page of a drop (ADR 0040): what a visitor who waits in line is
 * shown at the product's address, drawn on the server without the store's frame or app (no loaders, no
 * hydration): the product, the place and an estimate, read out politely as they change. A few lines of script
 * ask for the place every few seconds and load the product page once the visitor is let in; without
 * JavaScript, "Check my place" reloads. Its texts come formatted (the route's); its elements carry the same
 * names as the product page's waiting room.
 */
export interface WaitingPageProps {
  lang: string;
  title: string;
  stylesheets: readonly string[];
  nonce: string;
  skipLink: string;
  homeLabel: string;
  homeHref: string;
  productName: string;
  productHref: string;
  heading: string;
  /** While waiting: the place, those ahead, the estimate; refused: the message (with a sign-in link, when that is the way in). */
  body: { kind: "waiting"; position: string; ahead: string; estimate: string; note: string } | { kind: "refused"; message: string; signIn?: { label: string; href: string } };
  check: string;
  /** For the script: where to ask, how often, and the texts to fill in (see lineScript). */
  poll?: { statusHref: string; everyMs: number; texts: WaitingTexts };
}

/** A text per count: `zero` exactly 0 (when the text has one), else by the language's plural rule; `#` is the number. */
export interface CountText {
  zero?: string;
  one: string;
  other: string;
}
export interface WaitingTexts {
  locale: string;
  position: CountText;
  ahead: CountText;
  estimate: CountText;
}

/*
 * Asks for the place every few seconds, as often as the answer says (less often far back in a long line):
 * still waiting, the numbers change in place (the live region reads them out); anything else (let in, sold out, the room switched off, the place gone) loads the product's
 * address again, which then shows the product page. A lost request is asked again at the next turn.
 */
const LINE_SCRIPT = `(function(){var d=JSON.parse(document.getElementById("line-data").textContent);var n=new Intl.NumberFormat(d.texts.locale),p=new Intl.PluralRules(d.texts.locale);
function f(t,v){var s=v===0&&t.zero!==undefined?t.zero:p.select(v)==="one"?t.one:t.other;return s.split("#").join(n.format(v))}
function set(id,v){var e=document.getElementById(id);if(e&&e.textContent!==v)e.textContent=v}
function ask(){fetch(d.status,{headers:{Accept:"application/json"},credentials:"same-origin"}).then(function(r){return r.ok?r.json():null}).then(function(b){if(!b)return;var q=b.queue;if(q&&q.state==="waiting"){set("queue-position",f(d.texts.position,q.position));set("queue-ahead",f(d.texts.ahead,q.ahead));set("queue-estimate",f(d.texts.estimate,q.estimateMinutes));if(q.checkAgainMs>0)d.every=q.checkAgainMs}else{location.reload();d.every=0}}).catch(function(){}).then(function(){if(d.every>0)setTimeout(ask,d.every)})}
setTimeout(ask,d.every)})();`;

export function WaitingPage(props: WaitingPageProps) {
  const { body } = props;
  const data = props.poll ? JSON.stringify({ status: props.poll.statusHref, every: props.poll.everyMs, texts: props.poll.texts }).replace(/</g, "\\u003c") : null;
  return (
    <html lang={props.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <meta name="robots" content="noindex" />
        <title>{props.title}</title>
        {props.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only-focusable absolute left-2 top-2 z-50 rounded bg-gold px-3 py-2 font-semibold text-black">
          {props.skipLink}
        </a>
        <header className="border-b border-line bg-paper">
          <div className="mx-auto flex max-w-7xl items-center px-3 py-2 sm:px-4">
            <a href={props.homeHref} className="flex min-h-11 shrink-0 items-center gap-[0.35em] text-lg leading-none sm:text-xl" aria-label={props.homeLabel}>
              <Monogram className="h-[1.5em] w-[1.5em]" />
              <Wordmark className="h-[0.9em] w-auto" />
            </a>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-8">
          <h1 className="font-display text-h1">{props.productName}</h1>
          <section aria-labelledby="queue-heading" className="mt-6 rounded border border-ink p-4" data-testid="waiting-room">
            <h2 id="queue-heading" className="font-display text-xl">
              {props.heading}
            </h2>
            <div aria-live="polite" className="mt-2 space-y-1">
              {body.kind === "waiting" ? (
                <>
                  <p className="font-display text-2xl tabular-nums" id="queue-position" data-testid="queue-position">
                    {body.position}
                  </p>
                  <p id="queue-ahead">{body.ahead}</p>
                  <p id="queue-estimate" data-testid="queue-estimate">
                    {body.estimate}
                  </p>
                </>
              ) : (
                <p className="text-danger">
                  {body.message}
                  {body.signIn ? (
                    <>
                      {" "}
                      <a href={body.signIn.href} className="font-semibold underline">
                        {body.signIn.label}
                      </a>
                    </>
                  ) : null}
                </p>
              )}
            </div>
            {body.kind === "waiting" ? <p className="mt-3 text-sm text-muted">{body.note}</p> : null}
            {/* A plain link: it loads the product's address again, which reads the place afresh (and works without JavaScript). */}
            <a
              href={props.productHref}
              className="mt-4 inline-flex min-h-11 items-center justify-center rounded border border-ink px-4 py-2 font-semibold hover:bg-ink hover:text-paper"
            >
              {props.check}
            </a>
          </section>
        </main>
        {data ? (
          <>
            <script id="line-data" type="application/json" nonce={props.nonce} dangerouslySetInnerHTML={{ __html: data }} />
            <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: LINE_SCRIPT }} />
          </>
        ) : null}
      </body>
    </html>
  );
}
