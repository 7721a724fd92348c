/**
 * Copy and sample content of the brand pages (Home, About, History, Music, Culture, Collections).
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

export interface DecadeEntry {
  decade: string;
  title: string;
  description: string;
  /** The extra note shown beside each decade. */
  note: string;
  image: ContentImage;
}

/** "72" -> "1 hr 12 min"; "45" -> "45 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
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

export const FOUNDED_YEAR = 2024;
export const TAGLINE = "Hip Hop Culture in East Harlem";

// ---------------------------------------------------------------- Home

export const home = {
  hero: {
    word: "East Harlem",
    tagline: TAGLINE,
    lede: "Streetwear cut from the blocks between 96th and 125th. Built on the breaks, the walls and the people of El Barrio, and made to be worn loud.",
    image: { src: "/images/hero.svg", width: 1600, height: 900, alt: "" },
  },
  teasers: [
    { to: "/history", title: "History", text: "Fifty years of breaks, bombs and block parties, decade by decade." },
    { to: "/music", title: "Music", text: "Our mixes, our playlists, and the next night the speakers come out." },
    { to: "/culture", title: "Culture", text: "Stories from the walls, the cyphers and the corners of the neighborhood." },
    { to: "/collections", title: "Collections", text: "Every drop, from daily essentials to numbered limited runs." },
  ],
  statement: {
    title: "Made uptown. Worn everywhere.",
    text: `Since ${FOUNDED_YEAR} we have been printing, stitching and selling what the block already knew: East Harlem set the tempo. Every piece carries the neighborhood with it.`,
  },
} as const;

// ---------------------------------------------------------------- About

export const about = {
  hero: {
    eyebrow: `Founded ${FOUNDED_YEAR}`,
    title: "Born on the Block",
    lede: "We are a hip-hop apparel label from East Harlem. We make clothes for the people who built the culture, and for everyone it reached after.",
  },
  story: {
    title: "Our Story",
    paragraphs: [
      "It started on a stoop on 116th Street: a few friends, a borrowed screen-printing frame and a crate of records that had outlived three landlords. We wanted clothes that looked like the neighborhood sounded: loud, layered, proud and a little rough around the edges.",
      `In ${FOUNDED_YEAR} the stoop became a label. We still design uptown, we still test every print at the block party before it hits the shop, and we still put a share of every drop back into the programs that taught us: the rec centers, the youth studios, the mural walls.`,
      "East Harlem is not a backdrop for us. It is the whole reason. Every tee, hoodie and record we put out is a letter home.",
    ],
    image: {
      src: "/images/about-story.svg",
      width: 800,
      height: 600,
      alt: "The founders' first print shop: a screen-printing frame, fresh tees drying on a line and a crate of records by the window.",
    },
  },
  valuesTitle: "What We Stand For",
  values: [
    {
      title: "Authenticity",
      text: "No borrowed stories. Every graphic is drawn from real walls, real records and real people from the neighborhood, and the people behind them get the credit.",
    },
    {
      title: "Community",
      text: "The block comes first. We hire local, print local, and send a share of every drop back to youth programs, open mics and mural restorations uptown.",
    },
    {
      title: "Innovation",
      text: "Respect the foundation, then flip it. New cuts, better fabrics and designs that push the culture forward the way the first DJs pushed two turntables.",
    },
  ] satisfies readonly Card[],
} as const;

// ---------------------------------------------------------------- History

export const history = {
  intro: {
    eyebrow: "Where It All Comes From",
    title: "Our History",
    lede: "Before it was an industry, hip-hop was a neighborhood talking to itself. East Harlem was part of that conversation from the first night, and it has never stopped answering back.",
  },
  timelineTitle: "Four Decades on the Block",
  timeline: [
    {
      decade: "1970s",
      title: "The Birth of a Movement",
      description:
        "Park jams ran off lamppost power. DJs stretched the break until the dancers took the floor, MCs grabbed the mic to hype the crowd, and the first tags climbed the trains rolling past 125th Street.",
      note: "A generator, two turntables and a whole block that would not go home.",
      image: {
        src: "/images/history-1970s.svg",
        width: 800,
        height: 500,
        alt: "A 1970s park jam: a DJ table wired to a lamppost, with a crowd dancing on the basketball court.",
      },
    },
    {
      decade: "1980s",
      title: "The Golden Era",
      description:
        "Boomboxes on every shoulder, crews battling on cardboard, and whole-car pieces running the elevated lines. The sound got sharper, the rhymes got deeper, and uptown style became a uniform.",
      note: "Fat laces, shell toes and a mixtape for every block.",
      image: {
        src: "/images/history-1980s.svg",
        width: 800,
        height: 500,
        alt: "A 1980s street corner with a boombox on the stoop and a painted subway car passing overhead.",
      },
    },
    {
      decade: "1990s",
      title: "Cultural Renaissance",
      description:
        "Hip-hop went worldwide, and East Harlem kept its own accent. Salsa and soul samples met hard drums, bilingual verses filled the cyphers, and the murals turned into a living archive of the neighborhood.",
      note: "Two languages, one rhythm: the Barrio's sound finds its voice.",
      image: {
        src: "/images/history-1990s.svg",
        width: 800,
        height: 500,
        alt: "A 1990s mural wall with bold lettering, flags and portraits of the neighborhood.",
      },
    },
    {
      decade: "2000s",
      title: "Modern Evolution",
      description:
        "Home studios, mixtape sites and later the feed: the tools changed, the block did not. A new generation built on the foundation, mixing drill, reggaeton and boom bap, and taking East Harlem style to screens everywhere.",
      note: "From cassette to cloud, the culture still starts on the corner.",
      image: {
        src: "/images/history-2000s.svg",
        width: 800,
        height: 500,
        alt: "A modern home studio with a laptop, a microphone and a window looking out over East Harlem rooftops.",
      },
    },
  ] satisfies readonly DecadeEntry[],
  quote: {
    text: "We did not have a stage, so we made the whole street one. Every kid on that block was part of the show.",
    attribution: "A block party DJ",
    context: "East 112th Street, 1979",
  },
  impactTitle: "Cultural Impact",
  impactLede: "What started in the parks and on the stoops changed how the world sounds, moves, paints and gathers.",
  impact: [
    { title: "Music", text: "Breakbeats, sampling and the MC turned a neighborhood sound into the most listened-to music on the planet." },
    { title: "Dance", text: "Breaking, popping and the freestyle cypher made the sidewalk a stage, and the stage a sport." },
    { title: "Art", text: "Tags became pieces, pieces became murals, and East Harlem's walls became an open-air museum." },
    { title: "Community", text: "Block parties, rec rooms and open mics gave young people a voice, a crew and a reason to stay." },
  ] satisfies readonly Card[],
} as const;

// ---------------------------------------------------------------- Music

export const music = {
  intro: {
    eyebrow: "Turn It Up",
    title: "Music",
    lede: "The soundtrack of the label: mixes cut uptown, playlists for every hour of the day, and the nights we bring the speakers outside.",
  },
  featuredMix: {
    sectionTitle: "Featured Mix",
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
  playlistsTitle: "Playlists",
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
  eventTitle: "Upcoming Event",
} as const;

// ---------------------------------------------------------------- Culture

export const culture = {
  intro: {
    eyebrow: "Stories From the Block",
    title: "Culture",
    lede: "The people, places and movements that make East Harlem what it is, told by the neighborhood that lives them.",
  },
  articlesTitle: "Latest Stories",
  // The stories themselves are data: db/seed/articles.ts seeds them, /admin/articles writes them.
  eventTitle: "Upcoming Event",
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
