/**
 * The sample catalogue: plain data, no database code.
 *
 * The first five products are the spec's seed catalogue (SPEC section 3): a black tee at 55 whose
 * White variants cost 60, a hoodie at 85, a vintage tee at 45, a logo cap at 35 and a vinyl
 * collection at 120 with a Deluxe edition at 180. The rest are further products of the brand so that
 * filtering, sorting and paging have something to work on.
 *
 * Prices are in dollars. A variant's `price` is set only when it differs from the product's basePrice.
 * For records and prints, `size` carries the edition or print size.
 */

import type { SeedProduct } from "./catalogue-types.ts";
import { specProducts } from "./products-spec.ts";
import { apparelProducts } from "./products-apparel.ts";
import { moreApparelProducts } from "./products-apparel-more.ts";
import { accessoryProducts } from "./products-accessories.ts";
import { musicProducts } from "./products-music.ts";

export type { SeedCollection, SeedProduct, SeedVariant } from "./catalogue-types.ts";
export { seedCollections } from "./collections.ts";

/** The spec's seed catalogue first, then the further products of the brand by category, in this order (their ids). */
export const seedProducts: SeedProduct[] = [...specProducts, ...apparelProducts, ...moreApparelProducts, ...accessoryProducts, ...musicProducts];
