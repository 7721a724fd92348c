/**
 * The brand pages' layout (Home, About, History) and sample content (Music, Collections).
 * Plain typed data: no React, no database. Collection item counts are NOT here on purpose:
 * they come from the catalogue (listCollections), so the page can never disagree with the shop.
 */

export interface ContentImage {
  src: string;
  width: number;
  height: number;
  /** "" when purely decorative. */
  alt: string;
  /** An uploaded photograph's resized files (core/media pictureView); absent for the drawn art. */
  srcSetWebp?: string;
  srcSetAvif?: string;
}

export interface Card {
  title: string;
  text: string;
}

export interface TimeRange {
  /** As shown, e.g. "8:00 PM". */
  startLabel: string;
  /** HH:MM, 24-hour, for <time dateTime>. */
  start: string;
  endLabel: string;
  end: string;
}


/** A playlist's copy as first written (the sample music's seed); its tracks, count and length are data. */
export interface Playlist {
  title: string;
  description: string;
  image: ContentImage;
}

export interface Article {
  title: string;
  category: string;
  readTimeMinutes: number;
  excerpt: string;
  image: ContentImage;
}

/** ISO 8601 duration for <time dateTime>, e.g. "PT1H12M". */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h > 0 ? `${h}H` : ""}${m > 0 || h === 0 ? `${m}M` : ""}`;
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

// The brand pages' words (Home, About, History, and the intros of Music and Culture) are in the
// storefront's catalogue, in English and Spanish (texts/messages/*/home.json, music.json, culture.json);
// here is what they are laid out with: pictures, links, and which entries each list has.

// ---------------------------------------------------------------- Home

export const home = {
  hero: {
    word: "East Harlem",
    image: { src: "/images/hero.svg", width: 1600, height: 900, alt: "" },
  },
  /** Each teaser's title and text are "home.teaser.<key>.title" and ".text". */
  teasers: [
    { to: "/history", key: "history" },
    { to: "/music", key: "music" },
    { to: "/culture", key: "culture" },
    { to: "/collections", key: "collections" },
  ],
} as const;

// ---------------------------------------------------------------- About

export const about = {
  /** "about.story.paragraph1" .. 3. */
  storyParagraphs: [1, 2, 3],
  storyImage: { src: "/images/about-story.svg", width: 800, height: 600 },
  /** "about.values.<key>.title" and ".text". */
  values: ["authenticity", "community", "innovation"],
} as const;

// ---------------------------------------------------------------- History

export const history = {
  /** "history.decade.<decade>.title", ".description", ".note", ".imageAlt" and ".label". */
  timeline: [
    { decade: "1970s", image: { src: "/images/history-1970s.svg", width: 800, height: 500 } },
    { decade: "1980s", image: { src: "/images/history-1980s.svg", width: 800, height: 500 } },
    { decade: "1990s", image: { src: "/images/history-1990s.svg", width: 800, height: 500 } },
    { decade: "2000s", image: { src: "/images/history-2000s.svg", width: 800, height: 500 } },
  ],
  /** "history.impact.<key>.title" and ".text". */
  impact: ["music", "dance", "art", "community"],
} as const;

// ---------------------------------------------------------------- Music

/** The featured mix and the playlists as first written: the sample music's seed (db/seed/music.ts). */
export const music = {
  featuredMix: {
    volume: "Vol. 1",
    title: "Uptown After Dark",
    description:
      "Our first mix: dusty breaks, Latin soul flips and late-night boom bap, recorded live on a rooftop off Lexington Avenue.",
    image: {
      src: "/images/mix-vol-1.svg",
      width: 600,
      height: 600,
      alt: "Cover of the Vol. 1 mix: a vinyl record over the East Harlem skyline at night.",
    },
  },
  playlists: [
    {
      title: "Harlem Classics",
      description: "The records that built the block: golden-era staples and the breaks every DJ uptown knows by heart.",
      image: { src: "/images/playlist-1.svg", width: 600, height: 600, alt: "Harlem Classics cover: a stack of worn vinyl sleeves." },
    },
    {
      title: "Underground Heat",
      description: "No radio edits. Basement cyphers, local producers and the next voices coming out of East Harlem.",
      image: { src: "/images/playlist-2.svg", width: 600, height: 600, alt: "Underground Heat cover: a microphone glowing in a dark basement." },
    },
    {
      title: "Block Party Anthems",
      description: "Open hydrants, folding tables, speakers in the window. Summer on the block, all year round.",
      image: { src: "/images/playlist-3.svg", width: 600, height: 600, alt: "Block Party Anthems cover: speakers stacked on a sidewalk under string lights." },
    },
  ] satisfies readonly Playlist[],
} as const;

// ---------------------------------------------------------------- Collections

export const collectionsPage = {
  intro: {
    eyebrow: "Every Drop",
    title: "Collections",
    lede: "Each collection starts on the block: a wall, a record, a memory. Find the one that speaks your language.",
  },
  featuredEyebrow: "Featured Collection",
  featuredImage: {
    src: "/images/collection-spring-2024.svg",
    width: 1200,
    height: 800,
    alt: "Models in the Spring 2024 Urban Renaissance collection posing in front of an East Harlem mural.",
  },
  lookbookAction: "View Lookbook",
  shopAction: "Shop Collection",
  listTitle: "All Collections",
  emptyText: "New collections are on the way. Check back soon, or browse the whole shop.",
  /** Card art per collection slug; a collection without one shows no image. */
  images: {
    "spring-2024-urban-renaissance": {
      src: "/images/collection-spring-2024.svg",
      width: 1200,
      height: 800,
      alt: "The Spring 2024 Urban Renaissance collection in front of an East Harlem mural.",
    },
    "street-essentials": {
      src: "/images/collection-street-essentials.svg",
      width: 800,
      height: 600,
      alt: "Street Essentials: folded tees and hoodies stacked on a stoop.",
    },
    "underground-classics": {
      src: "/images/collection-underground-classics.svg",
      width: 800,
      height: 600,
      alt: "Underground Classics: vintage tees and a crate of records in a basement studio.",
    },
    "limited-edition": {
      src: "/images/collection-limited-edition.svg",
      width: 800,
      height: 600,
      alt: "Limited Edition: a numbered hoodie and cap displayed under a spotlight.",
    },
  } as Readonly<Record<string, ContentImage>>,
  behindTheDesign: {
    title: "Behind the Design",
    paragraphs: [
      "Every piece starts with a walk. We photograph the murals, the bodega signs and the hand-painted storefronts, then pull the colors and the lettering back to the studio.",
      "Sketches get tested on the block before they ever reach a screen: if the neighborhood does not feel it, it does not print. We work in small runs with local printers, use heavyweight cotton that holds its shape, and number every limited piece by hand.",
    ],
    steps: [
      { title: "Walk", text: "Colors, type and stories gathered street by street." },
      { title: "Sketch", text: "Drawn uptown and tested on the people who live it." },
      { title: "Print", text: "Small runs with local printers, built to last." },
    ] satisfies readonly Card[],
    image: {
      src: "/images/behind-the-design.svg",
      width: 800,
      height: 600,
      alt: "A designer's desk with sketches of graphics, fabric swatches and screen-printing frames.",
    },
  },
} as const;
