import { describe, expect, it } from "vitest";
import { embeddedSlugs } from "../../core/articles/index.ts";
import { SEED_EVENTS } from "./events.ts";
import { seedArticles } from "./articles.ts";
import { seedArticlesEs, seedEventsEs, seedPlaylistsEs, seedTicketTypesEs } from "./culture-es.ts";
import { seedPlaylists } from "./music.ts";

const sorted = (keys: Iterable<string>) => [...keys].sort();
const headings = (markdown: string) => markdown.split("\n").filter((line) => line.startsWith("#")).length;

describe("the sample culture in Spanish", () => {
  it("has every story's texts in Spanish, for the seeded stories only, with the same embeds and sections", () => {
    expect(sorted(Object.keys(seedArticlesEs))).toEqual(sorted(seedArticles.map((a) => a.slug)));
    for (const article of seedArticles) {
      const es = seedArticlesEs[article.slug]!;
      for (const field of ["title", "category", "excerpt", "imageAlt", "body"] as const) {
        expect(es[field].trim(), `${article.slug} ${field}`).not.toBe("");
        expect(es[field], `${article.slug} ${field}`).not.toBe(article[field]);
      }
      // The products a story shows are the same, in the same order, in both languages.
      expect(embeddedSlugs(es.body), article.slug).toEqual(embeddedSlugs(article.body));
      expect(headings(es.body), article.slug).toBe(headings(article.body));
      expect(es.body.length, article.slug).toBeGreaterThan(article.body.length * 0.8);
    }
  });

  it("has every event's description, kind and time label in Spanish, and keeps the name in its title", () => {
    expect(sorted(Object.keys(seedEventsEs))).toEqual(sorted(SEED_EVENTS.map((e) => e.slug)));
    for (const event of SEED_EVENTS) {
      const es = seedEventsEs[event.slug]!;
      for (const field of ["kind", "timeLabel", "description", "imageAlt"] as const) {
        expect(es[field].trim(), `${event.slug} ${field}`).not.toBe("");
        expect(es[field], `${event.slug} ${field}`).not.toBe(event[field]);
      }
      const name = event.title.split(":")[0]!;
      expect(es.title.startsWith(`${name}: `), event.slug).toBe(true);
      expect(es.title).not.toBe(event.title);
      if (es.venue !== undefined) expect(es.venue).not.toBe(event.venue);
    }
  });

  it("names every seeded ticket type in Spanish", () => {
    const types = SEED_EVENTS.flatMap((e) => e.ticketTypes.map((t) => [e.slug, t.name] as const));
    expect(types.length).toBeGreaterThan(0);
    for (const [slug, name] of types) expect(seedTicketTypesEs[slug]?.[name]?.trim(), `${slug} ${name}`).toBeTruthy();
    const spanishTypes = Object.entries(seedTicketTypesEs).flatMap(([slug, names]) => Object.keys(names).map((name) => `${slug} ${name}`));
    expect(sorted(spanishTypes)).toEqual(sorted(types.map(([slug, name]) => `${slug} ${name}`)));
  });

  it("has every playlist's description and cover text in Spanish; a title given is a translation", () => {
    expect(sorted(Object.keys(seedPlaylistsEs))).toEqual(sorted(seedPlaylists.map((p) => p.slug)));
    for (const playlist of seedPlaylists) {
      const es = seedPlaylistsEs[playlist.slug]!;
      expect(es.description, playlist.slug).not.toBe(playlist.description);
      expect(es.description.length, playlist.slug).toBeGreaterThan(40);
      expect(es.coverAlt, playlist.slug).not.toBe(playlist.coverAlt);
      if (es.title !== undefined) expect(es.title, playlist.slug).not.toBe(playlist.title);
    }
  });
});
