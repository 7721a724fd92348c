import MarkdownIt from "markdown-it";
import { splitBody, type RenderedPart } from "./rules.ts";

/**
 * The one renderer of article bodies, for the public page and the back office's preview alike.
 * Raw HTML is off (markdown-it escapes it, so a <script> or an <img onerror> shows as text), and a
 * link or picture may only point to http(s), mailto or a path on this site: javascript:, data: and
 * every other scheme are refused (the link stays as plain text).
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

const SAFE_URL = /^(https?:|mailto:)/i;

md.validateLink = (url: string): boolean => {
  const trimmed = url.trim();
  if (SAFE_URL.test(trimmed)) return true;
  // A relative address: no scheme before the first slash, question mark or hash ("//host" is another site, still http(s)).
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return false;
  return !trimmed.startsWith("\\");
};

// Links to other sites open as links do, but do not hand them this page (rel) or ranking.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet("href") ?? "");
  if (/^https?:/i.test(href)) token.attrSet("rel", "noopener noreferrer nofollow");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}


/** The body as safe HTML runs with the product embeds between them, in order. */
export function renderBody(markdown: string): RenderedPart[] {
  return splitBody(markdown).map((part) => (part.kind === "markdown" ? { kind: "html", html: renderMarkdown(part.text) } : part));
}
