/** Pure article rules: read time, embeds, the pictures an article may use. No database, no React. */
import { fieldTextsOf } from "../shared/text.ts";

/** The article form's field messages (inputs.ts): ids of the catalogue (texts/messages/<locale>/admin.json). */
export const articleField = fieldTextsOf({
  "admin.domain.slugLettersDigitsDashes": [],
  "admin.domain.choosePicture": [],
  "admin.domain.enterTitle": [],
  "admin.domain.titleTooLong": ["max"],
  "admin.domain.enterCategory": [],
  "admin.domain.categoryTooLong": ["max"],
  "admin.domain.enterAuthor": [],
  "admin.domain.authorTooLong": ["max"],
  "admin.domain.enterExcerpt": [],
  "admin.domain.excerptTooLong": ["max"],
  "admin.domain.enterBody": [],
  "admin.domain.bodyTooLong": ["max"],
  "admin.domain.enterPictureDescription": [],
  "admin.domain.pictureDescriptionTooLong": ["max"],
  "admin.domain.titleEsTooLong": ["max"],
  "admin.domain.categoryEsTooLong": ["max"],
  "admin.domain.excerptEsTooLong": ["max"],
  "admin.domain.bodyEsTooLong": ["max"],
  "admin.domain.pictureDescriptionEsTooLong": ["max"],
});

export const WORDS_PER_MINUTE = 230;

/** A line of its own `{{product:<slug>}}` embeds that product in the article. */
export const EMBED_LINE = /^\s*\{\{\s*product\s*:\s*([a-z0-9]+(?:-[a-z0-9]+)*)\s*\}\}\s*$/;

/** The words a reader reads: markdown marks, link targets and embeds left out. */
export function countWords(markdown: string): number {
  const text = markdown
    .split("\n")
    .filter((line) => !EMBED_LINE.test(line))
    .join("\n")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|-]+/g, " ");
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Minutes to read at 230 words a minute, rounded up, at least 1. */
export function readTimeMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}

/** A body ready to show: safe HTML runs (rendered on the server) and product embeds. */
export type RenderedPart = { kind: "html"; html: string } | { kind: "product"; slug: string };

export type BodyPart = { kind: "markdown"; text: string } | { kind: "product"; slug: string };

/** The body cut at its embed lines: markdown runs and product embeds, in order. */
export function splitBody(markdown: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let run: string[] = [];
  const flush = () => {
    const text = run.join("\n");
    if (text.trim()) parts.push({ kind: "markdown", text });
    run = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const match = EMBED_LINE.exec(line);
    if (match) {
      flush();
      parts.push({ kind: "product", slug: match[1]! });
    } else {
      run.push(line);
    }
  }
  flush();
  return parts;
}

/** The product slugs a body embeds, each once. */
export function embeddedSlugs(markdown: string): string[] {
  return [...new Set(splitBody(markdown).flatMap((p) => (p.kind === "product" ? [p.slug] : [])))];
}

/** The brand's drawn pictures an article or a look may show (files under public/images), with their sizes. */
export const CULTURE_IMAGE_SIZES = {
  "/images/article-featured.svg": [800, 500],
  "/images/article-1.svg": [800, 500],
  "/images/article-2.svg": [800, 500],
  "/images/article-3.svg": [800, 500],
  "/images/about-story.svg": [800, 600],
  "/images/behind-the-design.svg": [800, 600],
  "/images/hero.svg": [1600, 900],
  "/images/history-1970s.svg": [800, 500],
  "/images/history-1980s.svg": [800, 500],
  "/images/history-1990s.svg": [800, 500],
  "/images/history-2000s.svg": [800, 500],
  "/images/collection-spring-2024.svg": [1200, 800],
  "/images/collection-street-essentials.svg": [800, 600],
  "/images/collection-underground-classics.svg": [800, 600],
  "/images/collection-limited-edition.svg": [800, 600],
  "/images/looks/mural-walk.svg": [800, 1000],
  "/images/looks/stoop-morning.svg": [800, 1000],
  "/images/looks/rooftop-dusk.svg": [800, 1000],
  "/images/looks/basement-crates.svg": [800, 1000],
} as const satisfies Record<string, readonly [number, number]>;

export type CultureImageSrc = keyof typeof CULTURE_IMAGE_SIZES;
export const CULTURE_IMAGES = Object.keys(CULTURE_IMAGE_SIZES) as [CultureImageSrc, ...CultureImageSrc[]];

export interface CultureImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** An uploaded photograph's resized files; absent for the drawn art. */
  srcSetWebp?: string;
  srcSetAvif?: string;
}

/** A stored picture with its size (a picture no longer listed keeps a common 4:3 box). */
export function cultureImage(src: string, alt: string): CultureImage {
  const size = (CULTURE_IMAGE_SIZES as Record<string, readonly [number, number]>)[src] ?? [800, 600];
  return { src, alt, width: size[0], height: size[1] };
}

/** A slug made from a title: "The Walls Speak" -> "the-walls-speak". */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "story";
}
