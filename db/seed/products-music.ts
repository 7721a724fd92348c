/** The brand's further music (tapes and records), in the catalogue's order. */
import type { SeedProduct } from "./catalogue-types.ts";

export const musicProducts: SeedProduct[] = [
  {
    slug: "block-tapes-vol-1-cassette",
    name: "Block Tapes Vol. 1 Cassette",
    description: "Twenty tracks from the neighbourhood's bedroom producers, dubbed to tape the old way. Hand-numbered J-cards.",
    category: "music",
    artKind: "cassette",
    basePrice: 14,
    tags: ["cassette", "mixtape", "boom-bap", "local"],
    createdDaysAgo: 320,
    variants: [
      { stock: 35 },
    ],
  },
  {
    slug: "block-tapes-vol-2-cassette",
    name: "Block Tapes Vol. 2 Cassette",
    description: "The second volume: more salsa samples, more dusty drums. Sold out in a weekend; waiting on the next dub.",
    category: "music",
    artKind: "cassette",
    basePrice: 14,
    tags: ["cassette", "mixtape", "salsa", "sold-out"],
    createdDaysAgo: 190,
    variants: [
      { stock: 0 },
    ],
  },
  {
    slug: "block-tapes-complete-set",
    name: "Block Tapes Complete Set",
    description: "Every volume of Block Tapes in a screen-printed slipcase with a pull-out zine. Limited to one hundred sets, all claimed.",
    category: "music",
    artKind: "cassette-set",
    basePrice: 45,
    tags: ["cassette", "box-set", "limited", "sold-out"],
    createdDaysAgo: 5,
    variants: [
      { stock: 0 },
    ],
  },
  {
    slug: "harlem-river-nights-lp",
    name: "Harlem River Nights LP",
    description: "Late-night instrumentals recorded near the water, pressed on 180-gram vinyl. The Red pressing is a numbered variant at a higher price.",
    category: "music",
    artKind: "lp",
    basePrice: 32,
    tags: ["vinyl", "instrumental", "lp", "180g"],
    createdDaysAgo: 130,
    variants: [
      { color: "Black", stock: 38 },
      { color: "Red", stock: 7, price: 38 },
    ],
  },
  {
    slug: "salsa-y-breaks-12-inch",
    name: "Salsa y Breaks 12-Inch",
    description: "A two-track 12-inch where a full horn section meets an MPC. Side A for the dancers, Side B for the diggers.",
    category: "music",
    artKind: "lp",
    basePrice: 28,
    tags: ["vinyl", "salsa", "breaks", "12-inch"],
    createdDaysAgo: 70,
    variants: [
      { stock: 21 },
    ],
  },
];
