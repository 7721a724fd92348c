/** The shapes of the sample catalogue's data (catalogue.ts and the products-*.ts and collections.ts it gathers). */
import type { ArtKind } from "../../core/catalog/index.ts";

export interface SeedVariant {
  size?: string;
  color?: string;
  stock: number;
  /** Dollars, only when it differs from basePrice. */
  price?: number;
}

export interface SeedProduct {
  /** Lower-case, words joined by "-", unique. */
  slug: string;
  name: string;
  /** 1-3 sentences, the brand's voice. */
  description: string;
  category: "apparel" | "accessories" | "music";
  /** The drawing shown until a photograph is uploaded; see core/catalog/art.ts. */
  artKind: ArtKind;
  /** Dollars. */
  basePrice: number;
  featured?: boolean;
  /** 1 = first in the Featured sort; only for featured products. */
  featuredRank?: number;
  hasWbDesign?: boolean;
  /** Lower-case, 2-6 each. */
  tags: string[];
  /** How old the product is, so the "Newest" sort means something (all distinct). */
  createdDaysAgo: number;
  /** At least one; a product with no options has exactly one variant with neither size nor color. */
  variants: SeedVariant[];
}

export interface SeedCollection {
  slug: string;
  name: string;
  description: string;
  season?: string;
  featured?: boolean;
  position: number;
  /** Product slugs. */
  products: string[];
}
