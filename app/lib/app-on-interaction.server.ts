import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * Browse pages load the app's JavaScript on the visitor's first interaction (ADR 0029). The page is
 * server HTML whose links and forms work on their own; React Router's <Scripts> still writes the route
 * data and the module script that starts the app, and this rewrite, on the way out, only keeps the
 * browser from running or fetching them at load:
 *
 * - `<script type="module">` (the app's start) becomes `<script type="text/x-app">`, a data block the
 *   browser does not run; the page's loader script (APP_LOADER_SCRIPT) runs it on the first interaction;
 * - `<link rel="modulepreload">` tags are dropped (the loader's module imports fetch the same files);
 * - the page's texts preload (`<link data-messages>`) waits as `rel="x-preload"` until then.
 *
 * React tolerates these differences when it hydrates: script contents and attributes are not compared,
 * and preload links are hoisted resources it adds again if missing.
 */

const MODULE_SCRIPT = /<script([^>]*?) type="module"( async="")?>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MESSAGES_PRELOAD = /<link rel="preload"([^>]*data-messages[^>]*)>/g;

/** One complete piece of HTML rewritten (tags are never split inside it). */
export function deferAppScripts(html: string): string {
  return html
    .replace(MODULE_SCRIPT, '<script$1 type="text/x-app">')
    .replace(MODULE_PRELOAD, "")
    .replace(MESSAGES_PRELOAD, '<link rel="x-preload"$1>');
}

/**
 * A stream rewriting the page as it is sent: each chunk up to its last complete tag is rewritten and
 * sent at once, the unfinished tag waits for the next chunk (so streaming stays streaming).
 */
export function deferAppScriptsStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const open = text.lastIndexOf("<");
      const cut = open !== -1 && text.indexOf(">", open) === -1 ? open : text.length;
      held = text.slice(cut);
      const ready = text.slice(0, cut);
      done(null, ready ? deferAppScripts(ready) : undefined);
    },
    flush(done) {
      const rest = held + decoder.end();
      done(null, rest ? deferAppScripts(rest) : undefined);
    },
  });
}
